/** /create/prompt: Mode B, describe a design in words. */
export { PromptScreen as default } from '../../src/features/create/prompt-screen';
