/** /create/draft/<id>/publish: publish the draft as a listing its designer owns. */
export { PublishScreen as default } from '../../../../src/features/create/publish-screen';
