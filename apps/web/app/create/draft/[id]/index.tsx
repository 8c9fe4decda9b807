/** /create/draft/<id>: a draft's workspace (jobs live, preview, metrics, problems). */
export { DraftScreen as default } from '../../../../src/features/create/draft-screen';
