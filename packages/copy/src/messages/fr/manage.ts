/** Français : la gestion par le créateur de ses annonces et brouillons, et ce que les autres voient ensuite. */

import type { manage as en } from '../en/manage';
import type { DictionaryOf } from '../plural';

export const manage: DictionaryOf<typeof en> = {
  'manage.owner.title': 'Votre création',
  'manage.owner.body':
    'Vous seul voyez cet encadré. Modifiez son texte, ses photos et qui peut la voir, dépubliez-la ou supprimez-la.',
  'manage.owner.open': 'Gérer cette création',
  'manage.state.published': 'Publiée',
  'manage.state.unpublished': 'Dépubliée',
  'manage.unpublishedNotice':
    'Vous seul pouvez voir cette création : elle n’apparaît plus dans la galerie ni dans la recherche, et son lien ne fonctionne pour personne d’autre. Republiez-la depuis Gérer.',
  'manage.pendingNotice':
    'Une personne vérifie cette création avant que d’autres puissent la voir. Nous la relisons en général sous un jour.',
  'manage.photos.title': 'Photos du créateur',
  'manage.photos.alt': 'Photo {number} de {title}',

  'manage.title': 'Gérer votre création',
  'manage.loading': 'Chargement de votre création…',
  'manage.back': 'Retour à l’annonce',
  'manage.notOwnerTitle': 'Seul son créateur peut gérer cette création',
  'manage.notOwnerBody': 'Ouvrez l’une de vos créations depuis votre tableau de bord pour la gérer.',
  'manage.goDashboard': 'Aller au tableau de bord',
  'manage.status.heading': 'Publiée ou non',
  'manage.status.publishedBody':
    'Publiée : chacun la voit selon la visibilité choisie ci-dessous. La dépublier la retire de la galerie, de la recherche et des liens partagés jusqu’à ce que vous la republiiez ; rien n’est supprimé, et les enregistrements et réservations sont conservés.',
  'manage.status.unpublishedBody':
    'Dépubliée : vous seul pouvez la voir. Les personnes qui l’ont enregistrée ou réservée la voient comme indisponible. La republier lance les mêmes vérifications automatiques qu’une nouvelle création.',
  'manage.unpublish': 'Dépublier',
  'manage.unpublished': 'Dépubliée. Vous seul pouvez la voir maintenant.',
  'manage.republish': 'Republier',
  'manage.republished': 'Publiée à nouveau.',
  'manage.republishedPending':
    'Publiée à nouveau. Elle attend qu’une personne la vérifie avant que d’autres puissent la voir.',
  'manage.licenceChanged':
    'La licence du propriétaire a changé depuis la publication de cette création. Acceptez la version actuelle pour la republier.',
  'manage.details.heading': 'Titre, description et mots-clés',
  'manage.details.help':
    'Un texte modifié est vérifié à nouveau et traduit à nouveau pour les lecteurs d’autres langues.',
  'manage.visibility.heading': 'Qui peut la voir',
  'manage.save': 'Enregistrer les modifications',
  'manage.saved': 'Vos modifications sont enregistrées.',
  'manage.savedPending':
    'Vos modifications sont enregistrées. Le nouveau texte attend qu’une personne le vérifie avant que d’autres puissent voir la création.',
  'manage.photos.heading': 'Photos',
  'manage.photos.help':
    'Vos propres photos de la création montée : PNG, JPEG ou WebP, jusqu’à 10 Mo chacune, {max} au plus. L’image du kit est dessinée à partir du kit lui-même et ne peut pas être remplacée.',
  'manage.photos.add': 'Ajouter une photo',
  'manage.photos.inputLabel': 'Choisir une photo à ajouter',
  'manage.photos.remove': 'Retirer la photo {number}',
  'manage.photos.none': 'Pas encore de photo.',
  'manage.photos.full':
    'Cette création montre déjà le maximum de photos. Retirez-en une pour en ajouter une autre.',
  'manage.photos.nativeUnavailable': 'L’ajout de photos fonctionne sur le web pour l’instant.',
  'manage.photos.added': 'Photo ajoutée.',
  'manage.photos.removed': 'Photo retirée.',
  'manage.delete.heading': 'Supprimer cette création',
  'manage.delete.body':
    'La suppression retire définitivement sa page, son kit, ses images et son brouillon. Pour la masquer un temps, dépubliez-la plutôt.',
  'manage.delete.open': 'Supprimer cette création',
  'manage.delete.title': 'Supprimer « {title} » définitivement ?',
  'manage.delete.what':
    'Sa page, son kit, ses images et son brouillon sont retirés, son lien cesse de fonctionner, et les personnes qui l’avaient enregistrée perdent leur enregistrement.',
  'manage.delete.reservations': {
    one: 'Elle a {count} réservation d’intérêt. Elle est annulée, et son auteur est informé de la raison.',
    other:
      'Elle a {count} réservations d’intérêt. Elles sont annulées, et leurs auteurs sont informés de la raison.',
  },
  'manage.delete.noUndo': 'Cette action est irréversible.',
  'manage.delete.confirm': 'Supprimer définitivement',
  'manage.delete.keep': 'La garder',

  'manage.dashboard.manage': 'Gérer',
  'manage.dashboard.delete': 'Supprimer',
  'manage.dashboard.deleteListing': 'Supprimer « {title} »',
  'manage.dashboard.deleteDraft': 'Supprimer le brouillon « {title} »',
  'manage.dashboard.manageListing': 'Gérer « {title} »',
  'manage.draft.deleteTitle': 'Supprimer ce brouillon définitivement ?',
  'manage.draft.deleteBody':
    '« {title} » est supprimé avec ses fichiers : le modèle que vous avez envoyé (sauf si un autre brouillon l’utilise) et le kit qui en a été tiré. Cette action est irréversible.',
  'manage.draft.deleteBodyPrompt':
    '« {title} » est supprimé avec le kit tiré de sa description. Cette action est irréversible.',
  'manage.draft.deleteConfirm': 'Supprimer le brouillon',

  'manage.saved.unavailableTitle': 'Enregistrées, mais plus affichées',
  'manage.saved.unavailable':
    'Son créateur l’a dépubliée ou rendue privée, ou elle est en cours de vérification. Elle pourrait revenir.',
  'manage.saved.remove': 'Retirer des enregistrements',
  'manage.reservation.unavailable':
    'Indisponible pour le moment : son créateur l’a dépubliée. Votre intérêt est conservé ; vous pouvez l’annuler.',
  'manage.reservation.deleted': 'Son créateur a supprimé cette création.',
};
