/** Français : inscription, connexion, vérification de l’e-mail, mots de passe et connexion externe. */

import type { account as en } from '../en/account';
import type { DictionaryOf } from '../plural';

export const account: DictionaryOf<typeof en> = {
  'account.signInTitle': 'Se connecter',
  'account.showPassword': 'Afficher le mot de passe',
  'account.backToSignIn': 'Retour à la connexion',

  'account.promise.title': 'À quoi sert votre compte',
  'account.promise.ownTitle': 'Vos créations restent à vous',
  'account.promise.ownBody':
    'Vous êtes propriétaire de ce que vous créez et publiez. Kitwright se contente de l’héberger, de le traiter, de le traduire, de le modérer et de l’afficher.',
  'account.promise.freeTitle': 'Gratuit, sans carte',
  'account.promise.freeBody':
    'Pendant la bêta publique, rien n’est vendu et rien n’est débité. Manifester son intérêt pour une création est gratuit et sans engagement.',
  'account.promise.privateTitle': 'Seulement le nécessaire',
  'account.promise.privateBody':
    'Un e-mail pour vous joindre et un mot de passe pour protéger le compte. Des statistiques uniquement si vous les autorisez.',

  'account.field.identifier': 'Nom d’utilisateur ou e-mail',
  'account.field.password': 'Mot de passe',
  'account.field.displayName': 'Nom affiché (facultatif)',
  'account.field.displayNameHelp':
    'Affiché sur vos créations publiées. Votre vrai nom ou un nom de créateur, comme vous voulez.',
  'account.field.username': 'Nom d’utilisateur',
  'account.field.usernameHelp':
    '3 à 32 lettres, chiffres, points, tirets ou traits de soulignement. Visible par les autres sur votre profil.',
  'account.field.email': 'E-mail',
  'account.field.emailHelp':
    'Pour le lien de vérification et la réinitialisation du mot de passe. Jamais montré aux autres.',
  'account.field.newPassword': 'Nouveau mot de passe',
  'account.field.newPasswordHelp': {
    one: 'Au moins {count} caractère. Une courte phrase est facile à retenir et difficile à deviner.',
    other: 'Au moins {count} caractères. Une courte phrase est facile à retenir et difficile à deviner.',
  },
  'account.field.confirmPassword': 'Répétez le nouveau mot de passe',
  'account.field.currentPassword': 'Mot de passe actuel',

  'account.signIn.title': 'Se connecter',
  'account.signIn.intro': 'Bon retour. Connectez-vous avec votre nom d’utilisateur ou votre e-mail.',
  'account.signIn.already': 'Vous êtes connecté en tant que {name}.',
  'account.signIn.forgot': 'Mot de passe oublié ?',
  'account.signIn.submit': 'Se connecter',
  'account.signIn.newHere': 'Nouveau sur Kitwright ?',
  'account.signIn.noticePasswordChanged':
    'Votre mot de passe a été changé et toutes les sessions ont été fermées, y compris celle-ci. Connectez-vous avec le nouveau mot de passe.',
  'account.signIn.noticePasswordReset': 'Votre nouveau mot de passe est enregistré. Connectez-vous avec lui.',
  'account.signIn.noticeSignedOut': 'Vous êtes déconnecté.',
  'account.signIn.noticeSessionEnded': 'Votre session a pris fin. Reconnectez-vous pour continuer.',

  'account.register.title': 'Créer votre compte',
  'account.register.intro':
    'Publiez vos créations, gardez vos brouillons et suivez les créations qui vous plaisent.',
  'account.register.agreement':
    'En créant un compte, vous acceptez les conditions d’utilisation. La politique de confidentialité explique ce que nous conservons et pourquoi.',
  'account.register.submit': 'Créer le compte',
  'account.register.haveAccount': 'Vous avez déjà un compte ?',
  'account.register.fixFields': 'Certains champs sont à corriger. Voyez les indications en dessous.',

  'account.forgot.title': 'Réinitialiser votre mot de passe',
  'account.forgot.intro':
    'Indiquez l’e-mail de votre compte. Nous vous enverrons un lien pour choisir un nouveau mot de passe.',
  'account.forgot.sentTitle': 'Consultez votre boîte de réception',
  'account.forgot.sentBody':
    'Si un compte utilise {email}, un lien de réinitialisation est en route. Il est valable une heure. Rien reçu ? Regardez dans les indésirables.',
  'account.forgot.submit': 'Envoyer le lien',
  'account.forgot.again': 'Renvoyer',

  'account.reset.title': 'Choisir un nouveau mot de passe',
  'account.reset.intro': 'Choisissez un nouveau mot de passe pour votre compte.',
  'account.reset.noToken':
    'Cette page nécessite le lien de l’e-mail de réinitialisation. Ouvrez le lien de l’e-mail ou demandez-en un nouveau.',
  'account.reset.requestNew': 'Demander un nouveau lien',
  'account.reset.sessionsNote':
    'Pour votre sécurité, tous les appareils connectés à ce compte seront déconnectés.',
  'account.reset.submit': 'Enregistrer le nouveau mot de passe',

  'account.verify.resend': 'Renvoyer l’e-mail de vérification',
  'account.verify.resent': 'Un nouveau lien de vérification est en route vers {email}.',

  'account.verified.title': 'Vérification de l’e-mail',
  'account.verified.successTitle': 'Votre e-mail est vérifié',
  'account.verified.successBody': 'Merci. Votre compte est entièrement configuré.',
  'account.verified.startCreating': 'Commencer à créer',
  'account.verified.invalidTitle': 'Ce lien ne fonctionne plus',
  'account.verified.invalidBody':
    'Le lien est invalide, a déjà servi ou date de plus de 24 heures. Un lien de vérification ne fonctionne qu’une fois.',
  'account.verified.askAgain': 'Demandez un nouveau lien ci-dessous. Il remplace tous les précédents.',

  'account.profile.title': 'Votre compte',
  'account.profile.welcomeTitle': 'Bienvenue, {name} !',
  'account.profile.welcomeBody':
    'Votre compte est prêt. Nous avons envoyé un lien de vérification à {email} : ouvrez-le pour confirmer l’adresse.',
  'account.profile.verified': 'Vérifié',
  'account.profile.notVerified': 'Pas encore vérifié',
  'account.profile.signInMethod': 'Mode de connexion',
  'account.profile.viaPassword': 'Nom d’utilisateur ou e-mail et mot de passe',
  'account.profile.viaProvider': 'Inscrit avec {provider}',
  'account.profile.memberSince': 'Membre depuis',
  'account.profile.verifyTitle': 'Confirmez votre e-mail',
  'account.profile.verifyBody':
    'Nous avons envoyé un lien à {email}. Le confirmer nous permet de vous joindre au sujet de vos créations et de vos demandes d’assistance.',
  'account.profile.securityTitle': 'Mot de passe',
  'account.profile.securityBody':
    'Changer de mot de passe vous déconnecte sur tous les appareils, celui-ci compris.',
  'account.profile.signOutTitle': 'Déconnexion',
  'account.profile.signOutBody':
    'Met fin à la session sur cet appareil. Vos brouillons et enregistrements restent dans votre compte.',
  'account.profile.signOut': 'Se déconnecter',

  'account.changePassword.title': 'Changer de mot de passe',
  'account.changePassword.intro': 'Saisissez votre mot de passe actuel, puis deux fois le nouveau.',
  'account.changePassword.noticeTitle': 'Vous serez déconnecté partout',
  'account.changePassword.noticeBody':
    'Quand le mot de passe change, toutes les sessions de votre compte prennent fin, y compris celle-ci. Vous vous reconnectez ensuite avec le nouveau mot de passe.',
  'account.changePassword.submit': 'Changer de mot de passe',
  'account.changePassword.noPassword':
    'Ce compte se connecte avec Google ou Apple et n’a pas encore de mot de passe. Utilisez « Mot de passe oublié ? » sur la page de connexion pour en définir un.',
  'account.changePassword.signingOut': 'Mot de passe changé. Déconnexion en cours…',

  'account.oauth.or': 'ou',
  'account.oauth.continueWith': 'Continuer avec {provider}',
  'account.oauth.note':
    'Nous recevons uniquement votre nom et votre adresse e-mail de la part du fournisseur.',
  'account.oauth.title': 'Connexion avec {provider}',
  'account.oauth.completing': 'Finalisation de la connexion avec {provider}…',
  'account.oauth.failedTitle': 'La connexion n’a pas abouti',
  'account.oauth.denied': 'La connexion a été annulée chez le fournisseur. Rien n’a été modifié.',
  'account.oauth.tryAgain': 'Réessayer',
  'account.oauth.notStartedHere':
    'Ce lien de connexion n’a pas été ouvert depuis ce navigateur : vous n’avez donc pas été connecté et rien n’a été modifié. Si quelqu’un vous a envoyé ce lien, ne l’utilisez pas. Pour vous connecter avec {provider}, commencez depuis la page de connexion.',

  'field.required': 'Remplissez ce champ.',
  'field.username':
    'Utilisez 3 à 32 lettres, chiffres, points, tirets ou traits de soulignement, sans espace.',
  'field.email': 'Saisissez une adresse e-mail comme nom@exemple.fr.',
  'field.password': {
    one: 'Utilisez au moins {count} caractère.',
    other: 'Utilisez au moins {count} caractères.',
  },
  'field.displayName': 'Utilisez 1 à 80 caractères.',
  'field.passwordsDiffer': 'Les deux mots de passe ne sont pas identiques.',
  'field.invalid': 'Vérifiez ce champ.',

  'err.network': 'Impossible de joindre Kitwright. Vérifiez votre connexion et réessayez.',
  'err.invalidCredentials':
    'Ce nom d’utilisateur ou cet e-mail et ce mot de passe ne correspondent à aucun compte. Vérifiez les deux et réessayez.',
  'err.weakPassword': {
    one: 'Choisissez un mot de passe d’au moins {count} caractère.',
    other: 'Choisissez un mot de passe d’au moins {count} caractères.',
  },
  'err.wrongPassword': 'Votre mot de passe actuel n’est pas le bon.',
  'err.invalidLink': 'Ce lien est invalide, a déjà servi ou a expiré. Demandez-en un nouveau.',
  'err.oauthFailed':
    'La connexion avec ce fournisseur n’a pas abouti. Recommencez depuis la page de connexion.',
  'err.oauthConflict':
    'Un compte utilise déjà cet e-mail. Connectez-vous plutôt avec votre nom d’utilisateur ou votre e-mail et votre mot de passe.',
  'err.providerUnavailable':
    'Le fournisseur de connexion est injoignable pour le moment. Réessayez dans un instant.',
  'err.sessionEnded': 'Votre session a pris fin. Reconnectez-vous.',
  'err.unauthenticated': 'Connectez-vous pour faire cela.',
  'err.forbidden': 'Votre compte n’est pas autorisé à faire cela.',
  'err.notFound': 'Introuvable. L’élément a peut-être été supprimé, ou le lien est erroné.',
  'err.phaseClosed': 'Ce n’est pas ouvert pendant la bêta publique.',
  'err.validation': 'Des informations manquent ou ne sont pas valides. Vérifiez le formulaire et réessayez.',
  'err.invalidState': 'Impossible pour le moment : cela a changé entre-temps. Rechargez la page.',
  'err.conflict': 'Cela entre en conflit avec un élément existant.',
  'err.tooLarge': 'C’est plus volumineux que ce que nous acceptons.',
  'err.unsupportedType': 'Ce type de fichier n’est pas pris en charge.',
  'err.originRejected':
    'Cette page est ouverte à une adresse que ce serveur n’accepte pas. Ouvrez {address} et réessayez depuis cette adresse.',
  'err.originRejectedReload':
    'Cette requête a été bloquée pour votre sécurité. Rechargez la page et réessayez.',
  'err.auditUnavailable':
    'Nous n’avons pas pu enregistrer ce changement en toute sécurité, il n’a donc pas été fait. Réessayez dans quelques minutes.',
  'err.unavailable':
    'Une partie de Kitwright est indisponible pour le moment. Réessayez dans quelques minutes.',
  'err.rateLimitedSeconds': {
    one: 'Trop de tentatives. Réessayez dans {count} seconde.',
    other: 'Trop de tentatives. Réessayez dans {count} secondes.',
  },
  'err.rateLimitedMinutes': {
    one: 'Trop de tentatives. Réessayez dans {count} minute.',
    other: 'Trop de tentatives. Réessayez dans {count} minutes.',
  },
  'err.rateLimitedLater': 'Trop de tentatives. Patientez un peu et réessayez.',
  'err.accountExistsEmail':
    'Un compte utilise déjà cet e-mail. Connectez-vous ou réinitialisez son mot de passe.',
  'err.accountExistsUsername': 'Ce nom d’utilisateur est déjà pris. Choisissez-en un autre.',
  'err.featureDisabled': 'Cette fonction est désactivée pour le moment.',
  'err.featureDisabled.publishing':
    'La publication est suspendue pour le moment. Votre brouillon est en sécurité ; réessayez plus tard.',
  'err.featureDisabled.modeB': 'La création à partir d’un texte est désactivée pour le moment.',
  'err.featureDisabled.interest': 'Les réservations d’intérêt sont suspendues pour le moment.',
  'err.server': 'Un problème est survenu de notre côté. Il a été signalé. Référence : {ref}',
  'err.unknown': 'Cela n’a pas fonctionné. Référence : {ref}',
};
