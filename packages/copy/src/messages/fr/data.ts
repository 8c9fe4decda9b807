/** Français : vos données — les télécharger, supprimer le compte, et ce qui se passe ensuite. */

import type { data as en } from '../en/data';
import type { DictionaryOf } from '../plural';

export const data: DictionaryOf<typeof en> = {
  'account.profile.dataTitle': 'Vos données',
  'account.profile.dataBody': 'Téléchargez tout ce que nous conservons sur vous, ou supprimez votre compte.',
  'account.profile.dataLink': 'Télécharger ou supprimer vos données',

  'account.verified.alreadyTitle': 'Votre e-mail est déjà vérifié',
  'account.verified.alreadyBody':
    'Ce lien a déjà servi et votre adresse est confirmée. Vous n’avez plus rien à faire.',

  'account.data.title': 'Vos données',
  'account.data.intro': 'Gardez une copie de ce que Kitwright conserve sur vous, ou supprimez votre compte.',
  'account.data.exportTitle': 'Télécharger vos données',
  'account.data.exportBody':
    'Un fichier JSON avec tout ce que nous détenons sur vous : votre compte et vos sessions de connexion, brouillons, annonces et leurs textes, la liste de vos fichiers, favoris, réservations d’intérêt, notifications, conversations avec le support, consentements et les journaux de sécurité qui vous concernent. Il ne contient jamais de mot de passe ni de jeton de connexion.',
  'account.data.exportButton': 'Télécharger mes données',
  'account.data.exported': 'Vos données ont été enregistrées sous {name}.',
  'account.data.deleteTitle': 'Supprimer votre compte',
  'account.data.deleteBody':
    'La suppression est immédiate et définitive. Téléchargez d’abord vos données si vous voulez en garder une copie.',
  'account.data.consequenceDesigns':
    'Vos modèles publiés sont retirés et supprimés, avec vos brouillons, fichiers, kits et aperçus.',
  'account.data.consequenceReservations':
    'Vos réservations d’intérêt sont annulées ; vos favoris et notifications sont supprimés.',
  'account.data.consequenceSupport':
    'Les conversations avec le support sont conservées jusqu’à deux ans, sans votre nom ni votre adresse e-mail.',
  'account.data.consequenceAudit':
    'Les journaux de sécurité restent, mais ne désignent votre compte que par un code qui ne mène plus à vous.',
  'account.data.consequenceFree': 'Votre nom d’utilisateur et votre adresse e-mail redeviennent libres.',
  'account.data.deleteStart': 'Supprimer mon compte…',
  'account.data.confirmTitle': 'Confirmer la suppression',
  'account.data.confirmLabel': 'Votre nom d’utilisateur',
  'account.data.confirmHelp': 'Saisissez {username} pour confirmer.',
  'account.data.confirmMismatch': 'Ce n’est pas votre nom d’utilisateur. Saisissez-le tel qu’il est affiché.',
  'account.data.passwordLabel': 'Votre mot de passe',
  'account.data.providerNote':
    'Vous vous connectez avec {provider}. Si votre dernière connexion date de plus de 10 minutes, nous vous demandons d’abord de vous reconnecter.',
  'account.data.reauthTitle': 'Reconnectez-vous pour confirmer que c’est bien vous',
  'account.data.reauthBody':
    'Un compte sans mot de passe ne peut être supprimé que dans les 10 minutes qui suivent une connexion. Reconnectez-vous, puis revenez sur cette page.',
  'account.data.reauthButton': 'Me reconnecter',
  'account.data.deleteSubmit': 'Supprimer définitivement mon compte',
  'account.data.keep': 'Garder mon compte',
  'account.data.deleting': 'Suppression de votre compte…',

  'account.deleted.title': 'Compte supprimé',
  'account.deleted.heading': 'Votre compte est supprimé',
  'account.deleted.body':
    'Nous avons supprimé votre compte avec vos modèles et vos données, et vous avons déconnecté sur tous vos appareils.',
  'account.deleted.email': 'Nous avons envoyé une confirmation à votre adresse e-mail.',
  'account.deleted.gallery': 'Parcourir la galerie',

  'err.reauthRequired': 'Reconnectez-vous pour confirmer que c’est bien vous, puis réessayez.',
};
