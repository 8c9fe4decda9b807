/** /create: choose to upload a model (Mode A) or describe a design (Mode B). */
export { CreateHubScreen as default } from '../../src/features/create/create-hub-screen';
