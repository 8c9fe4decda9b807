/** Français : pages d’aide et de confiance, assistance et signalement (les longs textes sont dans src/help). */

import type { help as en } from '../en/help';
import type { DictionaryOf } from '../plural';

export const help: DictionaryOf<typeof en> = {
  'help.title': 'Aide et règles',
  'help.intro':
    'Comment obtenir de l’aide, comment signaler une annonce, et les règles que nous nous imposons : claires, datées et versionnées.',
  'help.back': '← Aide et règles',
  'help.version': 'Version {version} · en vigueur depuis le {date}',
  'help.inShort': 'En bref',
  'help.otherPages': 'Autres pages d’aide',
  'help.policies': 'Règles et engagements',

  'help.getHelp.title': 'Besoin d’un coup de main ?',
  'help.getHelp.body':
    'Posez une question, signalez un bug ou une annonce. Une personne vous répond, en général le jour ouvré même.',
  'help.getHelp.contact': 'Contacter l’assistance',
  'help.getHelp.report': 'Signaler une annonce',

  'help.support.short': 'Assistance et signalement',
  'help.terms.short': 'Conditions d’utilisation',
  'help.privacy.short': 'Confidentialité',
  'help.cookies.short': 'Cookies',
  'help.licence.short': 'Licence de contenu',
  'help.interest.short': 'Avertissement sur l’intérêt',
  'help.safety.short': 'Limites de sécurité des produits',

  'help.terms.blurb':
    'Ce que Kitwright propose pendant la bêta, votre compte, l’utilisation acceptable et la modération.',
  'help.privacy.blurb':
    'Ce que nous conservons sur vous, pourquoi, combien de temps, qui nous aide, et vos droits.',
  'help.cookies.blurb':
    'Les quelques cookies indispensables, les statistiques facultatives, et comment changer d’avis.',
  'help.licence.blurb':
    'Vos créations restent à vous ; la licence limitée que vous nous accordez pour faire fonctionner la plateforme.',
  'help.interest.blurb':
    'Manifester son intérêt est gratuit et sans engagement : pas de carte, pas de débit, pas de commande.',
  'help.safety.blurb': 'Uniquement des constructions autoportantes et décoratives, et les usages interdits.',

  'help.faq.title': 'Questions fréquentes',
  'help.faq.1.q': 'Puis-je acheter des kits sur Kitwright ?',
  'help.faq.1.a':
    'Pas encore. Pendant la bêta publique, rien n’est vendu et aucun paiement n’est pris. Vous pouvez manifester un intérêt sans engagement pour une création afin de montrer que vous aimeriez un kit.',
  'help.faq.2.q': 'À qui appartiennent les créations ?',
  'help.faq.2.a':
    'À celles et ceux qui les font. Kitwright héberge, traite, traduit, modère et affiche les créations sous une licence limitée, et ne se les approprie jamais.',
  'help.faq.3.q': 'Quels fichiers puis-je téléverser ?',
  'help.faq.3.a':
    'Des modèles STL, OBJ, PLY, GLB, glTF (un .gltf, ou un .zip qui le contient avec ses fichiers, comme les téléchargements Sketchfab) et 3MF, y compris les projets Bambu Studio, OrcaSlicer et PrusaSlicer. Les modèles fermés et pleins donnent les meilleurs résultats. La page de téléversement indique la taille maximale actuelle.',
  'help.faq.4.q': 'Comment supprimer mon compte ou mes données ?',
  'help.faq.4.a':
    'Écrivez à l’assistance avec la catégorie « Compte ». Nous supprimons les comptes sous 30 jours après la demande, comme l’explique la politique de confidentialité.',
  'help.faq.5.q': 'À quoi peut servir un kit ?',
  'help.faq.5.a':
    'À des constructions autoportantes et décoratives. Les usages structurels, électriques, en milieu humide, en bardage, par des enfants et réglementés sont interdits.',

  'help.cookies.choiceTitle': 'Votre choix',
  'help.cookies.current': 'Réponse actuelle :',
  'help.cookies.granted': 'Statistiques autorisées',
  'help.cookies.denied': 'Essentiels uniquement',
  'help.cookies.unset': 'Pas encore répondu',
  'help.cookies.choiceBody':
    'Le stockage indispensable reste actif dans tous les cas, pour que la connexion et les enregistrements fonctionnent. Votre réponse est conservée sur cet appareil et envoyée avec chaque requête, afin que notre serveur l’applique aussi.',

  'help.support.formTitle': 'Nous écrire',
  'help.support.reportTitle': 'Signaler une annonce',
  'help.support.aboutListing': 'L’annonce que vous signalez',
  'help.support.category': 'De quoi s’agit-il ?',
  'help.support.cat.question': 'Une question',
  'help.support.cat.bug': 'Quelque chose ne marche pas',
  'help.support.cat.report_listing': 'Signaler une annonce',
  'help.support.cat.account': 'Compte et confidentialité',
  'help.support.cat.reservation': 'Réservations d’intérêt',
  'help.support.cat.feedback': 'Avis',
  'help.support.cat.other': 'Autre chose',
  'help.support.chooseCategory': 'Choisissez le sujet de votre message.',
  'help.support.reportHelp':
    'Dites-nous ce qui ne va pas : travail copié, usage dangereux ou interdit, contenu offensant ou illégal. Le propriétaire n’apprend pas qui a signalé.',
  'help.support.subject': 'Objet',
  'help.support.subjectShort': 'Écrivez un objet d’au moins 3 caractères.',
  'help.support.message': 'Message',
  'help.support.messageHelp':
    'Ce que vous avez essayé, ce qui s’est passé, et tout numéro de référence affiché par l’application.',
  'help.support.messageReportHelp':
    'Ce qui ne va pas dans l’annonce, et pourquoi. Un lien vers votre œuvre originale aide.',
  'help.support.email': 'Votre e-mail',
  'help.support.emailHelp':
    'Nous répondons par e-mail : sans compte, c’est le seul moyen de vous joindre. Nous ne l’utilisons que pour cette conversation.',
  'help.support.replyTo': 'Nous répondrons à {email} et dans votre tableau de bord.',
  'help.support.send': 'Envoyer le message',
  'help.support.sendReport': 'Envoyer le signalement',
  'help.support.sentTitle': 'Merci, votre message est bien arrivé',
  'help.support.sentBody': 'Une personne va le lire. Nous visons une réponse d’ici le {due}.',
  'help.support.reference': 'Référence : {ref}',
  'help.support.another': 'Écrire un autre message',
  'help.support.mine': 'Vos conversations',
  'help.support.status.open': 'Ouverte',
  'help.support.status.waiting': 'En attente de votre réponse',
  'help.support.status.resolved': 'Résolue',
  'help.support.status.closed': 'Fermée',
  'help.support.cat.appeal': 'Contester une décision de modération',
  'help.support.status.withUs': 'Chez notre équipe',
  'help.support.reason': 'Pourquoi la signalez-vous ?',
  'help.support.reason.intellectual_property': 'Elle copie le travail de quelqu’un',
  'help.support.reason.safety': 'Elle est dangereuse à construire ou à utiliser',
  'help.support.reason.offensive_or_illegal': 'Elle est offensante ou illégale',
  'help.support.reason.spam': 'Spam ou publicité',
  'help.support.reason.other': 'Une autre raison',
  'help.support.chooseReason': 'Choisissez pourquoi vous signalez cette annonce.',
  'help.support.openThread': 'Ouvrir la conversation',
  'help.thread.title': 'Conversation avec l’assistance',
  'help.thread.back': 'Assistance et vos conversations',
  'help.thread.loading': 'Chargement de la conversation…',
  'help.thread.aboutListing': 'À propos de l’annonce',
  'help.thread.about': 'À propos de {what}',
  'help.thread.kind.reservation': 'votre réservation d’intérêt',
  'help.thread.kind.draft': 'votre brouillon',
  'help.thread.kind.job': 'un traitement',
  'help.thread.kind.listing': 'une annonce',
  'help.thread.you': 'Vous',
  'help.thread.staff': 'Assistance Kitwright',
  'help.thread.system': 'Kitwright',
  'help.thread.translated': 'Traduit automatiquement',
  'help.thread.showOriginal': 'Voir l’original',
  'help.thread.hideOriginal': 'Masquer l’original',
  'help.thread.attached': 'Pièces jointes : {names}',
  'help.thread.file': 'fichier',
  'help.thread.reply': 'Votre réponse',
  'help.thread.replyHelp': 'Nous répondons ici et par e-mail.',
  'help.thread.send': 'Envoyer la réponse',
  'help.thread.close': 'Fermer la conversation',
  'help.thread.closeHelp':
    'Fermez-la quand vous n’avez plus besoin de rien. Une conversation fermée ne peut pas être rouverte.',
  'help.thread.reopen': 'Rouvrir',
  'help.thread.reopenUntil': 'Finalement pas résolu ? Vous pouvez la rouvrir jusqu’au {date}.',
  'help.thread.isClosed':
    'Cette conversation est fermée. Si vous avez encore besoin d’aide, écrivez un nouveau message.',
  'help.thread.tooLate':
    'Cette conversation a été résolue il y a trop longtemps pour être rouverte. Si vous avez encore besoin d’aide, écrivez un nouveau message.',
  'help.thread.refused.closed': 'Cette conversation est fermée : écrivez plutôt un nouveau message.',
  'help.thread.refused.tooLate':
    'Cette conversation a été résolue il y a trop longtemps pour être rouverte : écrivez plutôt un nouveau message.',
  'help.thread.refused.open': 'Cette conversation est toujours ouverte, il n’y a rien à rouvrir.',
  'help.thread.refused.full':
    'Cette conversation est pleine : écrivez un nouveau message en mentionnant celle-ci.',
  'help.thread.notFound': 'Nous ne trouvons pas cette conversation',
  'help.thread.notFoundBody':
    'Le lien est peut-être incomplet ou périmé, ou la conversation a été ouverte depuis un autre compte ou navigateur. Connectez-vous avec le compte qui a écrit, utilisez le lien de notre dernier e-mail, ou écrivez un nouveau message.',
  'help.thread.newMessage': 'Écrire un nouveau message',
};
