/** /help: getting help and every trust page. */
export { HelpIndexScreen as default } from '../../src/features/help/help-index-screen';
