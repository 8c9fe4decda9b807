import type { tester as en } from '../en/tester';
import type { DictionaryOf } from '../plural';

export const tester: DictionaryOf<typeof en> = {
  'tester.feedback.open': 'Votre avis sur cette page',
  'tester.feedback.title': 'Parlez-nous de cette page',
  'tester.feedback.close': 'Fermer',
  'tester.feedback.intro':
    'Kitwright est en bêta. Qu’est-ce qui a marché, qu’est-ce qui n’a pas marché ? Votre note arrive directement à l’équipe, avec la page où vous êtes.',
  'tester.feedback.screen': 'Écran : {screen}',
  'tester.feedback.aboutListing': 'Au sujet de l’annonce affichée sur cette page',
  'tester.feedback.aboutDraft': 'Au sujet du brouillon affiché sur cette page',
  'tester.feedback.release': 'Version {release} (application {version})',
  'tester.feedback.rating': 'Votre note',
  'tester.feedback.ratingHelp': '1 : mauvais, 5 : excellent.',
  'tester.feedback.ratingRequired': 'Choisissez une note de 1 à 5.',
  'tester.feedback.reason': 'De quoi s’agit-il ?',
  'tester.feedback.reasonPlaceholder': 'Choisissez un motif',
  'tester.feedback.reasonRequired': 'Choisissez le sujet de votre avis.',
  'tester.feedback.reason.bug': 'Quelque chose ne fonctionne pas',
  'tester.feedback.reason.confusing': 'Quelque chose n’est pas clair',
  'tester.feedback.reason.missing': 'Il manque quelque chose',
  'tester.feedback.reason.slow': 'C’est lent',
  'tester.feedback.reason.praise': 'J’aime bien',
  'tester.feedback.reason.other': 'Autre chose',
  'tester.feedback.text': 'Avec vos mots (facultatif)',
  'tester.feedback.textHelp':
    'Toutes les langues conviennent. N’indiquez ni mot de passe ni numéro de carte.',
  'tester.feedback.screenshot': 'Capture d’écran (facultatif)',
  'tester.feedback.screenshotInput': 'Choisir une image de capture d’écran',
  'tester.feedback.screenshotAdd': 'Joindre une capture d’écran',
  'tester.feedback.screenshotAttached': 'Jointe : {name}',
  'tester.feedback.screenshotRemove': 'Retirer la capture d’écran',
  'tester.feedback.screenshotType': 'Une capture d’écran doit être une image ({formats}).',
  'tester.feedback.screenshotSignIn': 'Une fois connecté, vous pouvez aussi joindre une capture d’écran.',
  'tester.feedback.send': 'Envoyer mon avis',
  'tester.feedback.thanksTitle': 'Merci',
  'tester.feedback.thanksBody':
    'Votre avis est bien arrivé à l’équipe. Il nous aide à choisir quoi corriger en premier.',
  'tester.feedback.another': 'Donner un autre avis',

  'tester.badge': 'Testeur bêta',
  'tester.cohorts': 'Cohorte : {names}',

  'tester.invite.title': 'Votre invitation à la bêta de Kitwright',
  'tester.invite.intro':
    'Les testeurs essaient en premier les nouveautés de Kitwright et nous disent ce qu’ils en pensent, avec le bouton d’avis présent sur chaque page.',
  'tester.invite.code': 'Code d’invitation',
  'tester.invite.needAccount':
    'Pour participer, créez un compte ou connectez-vous. Vous revenez ensuite ici pour terminer.',
  'tester.invite.register': 'Créer un compte',
  'tester.invite.signIn': 'Se connecter',
  'tester.invite.signedInAs': 'Vous êtes connecté en tant que {name}.',
  'tester.invite.join': 'Rejoindre la bêta',
  'tester.invite.joinedTitle': 'Vous êtes maintenant testeur bêta',
  'tester.invite.alreadyTitle': 'Vous étiez déjà testeur',
  'tester.invite.joinedBody': 'Vous faites partie de la cohorte « {cohort} ». Merci de votre aide.',
  'tester.invite.start': 'Commencer à créer',
  'tester.invite.account': 'Votre compte',
  'tester.invite.refusedTitle': 'Cette invitation ne peut pas être utilisée',
  'tester.invite.refused.unknown': 'Ce code n’existe pas. Vérifiez le lien ou le code, puis réessayez.',
  'tester.invite.refused.expired':
    'Cette invitation a expiré. Demandez-en une nouvelle à la personne qui vous a invité.',
  'tester.invite.refused.revoked':
    'Cette invitation a été retirée. Demandez-en une nouvelle à la personne qui vous a invité.',
  'tester.invite.refused.usedUp':
    'Cette invitation a déjà été utilisée autant de fois qu’elle le permet. Demandez-en une nouvelle.',
  'tester.register.invitation': 'Votre code d’invitation {code} est utilisé avec votre nouveau compte.',

  'tester.support.attach': 'Joindre un fichier',
  'tester.support.attachInput': 'Choisir une photo ou un fichier de modèle à joindre',
  'tester.support.attached': 'Joint : {name}',
  'tester.support.remove': 'Retirer {name}',
  'tester.support.fileType': 'Joignez une image ou un fichier de modèle ({formats}).',

  'tester.notifications.title': 'Notifications',
  'tester.notifications.back': 'Retour à votre compte',
  'tester.notifications.signIn': 'Connectez-vous pour lire vos notifications.',
  'tester.notifications.loading': 'Chargement de vos notifications…',
  'tester.notifications.none': 'Aucune notification pour l’instant',
  'tester.notifications.noneBody':
    'Les réponses de l’assistance, les décisions sur vos annonces et les invitations apparaîtront ici.',
  'tester.notifications.allRead': 'Vous avez tout lu.',
  'tester.notifications.unread': {
    one: '{count} notification non lue',
    other: '{count} notifications non lues',
  },
  'tester.notifications.new': 'Nouveau',
  'tester.notifications.open': 'Ouvrir : {title}',
  'tester.notifications.markRead': 'Marquer comme lu',
  'tester.notifications.see': 'Voir vos notifications',
  'tester.header.account': {
    one: '{label} ({count} nouvelle)',
    other: '{label} ({count} nouvelles)',
  },
};
