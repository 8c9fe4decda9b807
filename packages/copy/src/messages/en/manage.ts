/** English: the designer managing their own listings and drafts, and what others see afterwards. */
export const manage = {
  'manage.owner.title': 'Your design',
  'manage.owner.body':
    'Only you see this box. Edit its text, photos and who can see it, unpublish it or delete it.',
  'manage.owner.open': 'Manage this design',
  'manage.state.published': 'Published',
  'manage.state.unpublished': 'Unpublished',
  'manage.unpublishedNotice':
    'Only you can see this design: it is out of the gallery and search, and its link works for nobody else. Publish it again from Manage.',
  'manage.pendingNotice':
    'A person checks this design before others can see it. We usually review within a day.',
  'manage.photos.title': 'Photos from the designer',
  'manage.photos.alt': 'Photo {number} of {title}',

  'manage.title': 'Manage your design',
  'manage.loading': 'Loading your design…',
  'manage.back': 'Back to the listing',
  'manage.notOwnerTitle': 'Only its designer can manage this design',
  'manage.notOwnerBody': 'Open one of your own designs from your dashboard to manage it.',
  'manage.goDashboard': 'Go to your dashboard',
  'manage.status.heading': 'Published or not',
  'manage.status.publishedBody':
    'Published: people see it as its visibility below allows. Unpublishing takes it out of the gallery, search and share links until you publish it again; nothing is deleted, and saves and reservations are kept.',
  'manage.status.unpublishedBody':
    'Unpublished: only you can see it. People who saved or reserved it see it as unavailable. Publishing it again runs the same automatic checks as a new design.',
  'manage.unpublish': 'Unpublish',
  'manage.unpublished': 'Unpublished. Only you can see it now.',
  'manage.republish': 'Publish again',
  'manage.republished': 'Published again.',
  'manage.republishedPending':
    'Published again. It waits for a person to review it before others can see it.',
  'manage.licenceChanged':
    'The owner licence changed since you published this design. Accept the current version to publish it again.',
  'manage.details.heading': 'Title, description and tags',
  'manage.details.help': 'Changed text is checked again and translated again for readers of other languages.',
  'manage.visibility.heading': 'Who can see it',
  'manage.save': 'Save changes',
  'manage.saved': 'Your changes are saved.',
  'manage.savedPending':
    'Your changes are saved. The new text waits for a person to review it before others can see the design.',
  'manage.photos.heading': 'Photos',
  'manage.photos.help':
    'Your own photos of the built design: PNG, JPEG or WebP, up to 10 MB each, at most {max}. The kit picture is drawn from the kit itself and cannot be replaced.',
  'manage.photos.add': 'Add a photo',
  'manage.photos.inputLabel': 'Choose a photo to add',
  'manage.photos.remove': 'Remove photo {number}',
  'manage.photos.none': 'No photos yet.',
  'manage.photos.full': 'This design shows as many photos as it can. Remove one to add another.',
  'manage.photos.nativeUnavailable': 'Adding photos works on the web for now.',
  'manage.photos.added': 'Photo added.',
  'manage.photos.removed': 'Photo removed.',
  'manage.delete.heading': 'Delete this design',
  'manage.delete.body':
    'Deleting removes its page, kit, pictures and draft for good. To hide it for a while, unpublish it instead.',
  'manage.delete.open': 'Delete this design',
  'manage.delete.title': 'Delete “{title}” for good?',
  'manage.delete.what':
    'Its page, kit, pictures and draft are removed, its link stops working, and people who saved it lose the save.',
  'manage.delete.reservations': {
    one: 'It has {count} interest reservation. It is cancelled, and the person who made it is told why.',
    other:
      'It has {count} interest reservations. They are cancelled, and the people who made them are told why.',
  },
  'manage.delete.noUndo': 'This cannot be undone.',
  'manage.delete.confirm': 'Delete for good',
  'manage.delete.keep': 'Keep it',

  'manage.dashboard.manage': 'Manage',
  'manage.dashboard.delete': 'Delete',
  'manage.dashboard.deleteListing': 'Delete “{title}”',
  'manage.dashboard.deleteDraft': 'Delete draft “{title}”',
  'manage.dashboard.manageListing': 'Manage “{title}”',
  'manage.draft.deleteTitle': 'Delete this draft for good?',
  'manage.draft.deleteBody':
    '“{title}” is removed with its files: the model you uploaded (unless another draft uses it) and the kit made from it. This cannot be undone.',
  'manage.draft.deleteBodyPrompt':
    '“{title}” is removed with the kit made from its description. This cannot be undone.',
  'manage.draft.deleteConfirm': 'Delete draft',

  'manage.saved.unavailableTitle': 'Saved, but no longer shown',
  'manage.saved.unavailable':
    'Its designer unpublished it, made it private, or it is being reviewed. It may come back.',
  'manage.saved.remove': 'Remove from saved',
  'manage.reservation.unavailable':
    'Not available right now: its designer unpublished it. Your interest is kept; you can cancel it.',
  'manage.reservation.deleted': 'Its designer deleted this design.',
} as const;
