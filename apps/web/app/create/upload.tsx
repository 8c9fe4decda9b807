/** /create/upload: Mode A, upload a model file. */
export { UploadScreen as default } from '../../src/features/create/upload-screen';
