import type { buyer as en } from '../en/buyer';
import type { DictionaryOf } from '../plural';

/** Français : écrans de l'acheteur (précommandes de la phase A.5) et conditions du designer. */
export const buyer: DictionaryOf<typeof en> = {
  'buyer.reservations.title': 'Mes réservations',
  'buyer.reservations.intro':
    "Les créations pour lesquelles vous avez manifesté votre intérêt. C'est gratuit et sans engagement : ni carte, ni paiement, ni commande.",
  'buyer.reservations.loading': 'Chargement de vos réservations…',
  'buyer.reservations.empty': "Vous n'avez encore manifesté d'intérêt pour aucune création.",
  'buyer.reservations.browse': 'Parcourir les créations',
  'buyer.reservations.dashboard': '← Tableau de bord',
  'buyer.reservations.active': 'Active',
  'buyer.reservations.cancelled': 'Annulée',
  'buyer.reservations.reservedOn': 'Réservée le {date}',
  'buyer.reservations.signIn':
    'Connectez-vous pour voir vos réservations et vos éventuelles invitations à précommander.',

  'buyer.invite.badge': 'Invitation à précommander',
  'buyer.invite.body':
    "Vous êtes invité(e) à une précommande sans débit : votre carte est vérifiée et enregistrée, et aucun argent n'est prélevé maintenant.",
  'buyer.invite.open': 'Précommander cette création',
  'buyer.invite.declined': 'Précommande refusée ou annulée',
  'buyer.invite.converted': 'Précommandée',
  'buyer.invite.paused': 'Les précommandes sont suspendues pour le moment. Votre invitation est conservée.',

  'buyer.list.title': 'Mes précommandes',
  'buyer.list.intro':
    "Rien n'a été débité pour aucune d'entre elles. Vous pouvez annuler à tout moment avant la phase B.",
  'buyer.list.empty': "Vous n'avez aucune précommande.",
  'buyer.list.loading': 'Chargement de vos précommandes…',
  'buyer.list.confirmed': 'Confirmée',
  'buyer.list.cancelledStatus': 'Annulée',
  'buyer.list.unknownListing': 'Une création que vous avez réservée',
  'buyer.list.expected': 'Prix prévu : {price}',
  'buyer.list.card': 'Carte : {brand} se terminant par {last4}',
  'buyer.list.createdOn': 'Précommandée le {date}',
  'buyer.list.cancelledOn': 'Annulée le {date}',
  'buyer.list.cancel': 'Annuler la précommande',

  'buyer.cancel.title': 'Annuler cette précommande ?',
  'buyer.cancel.body':
    'Votre carte enregistrée est retirée et ne sera jamais débitée pour elle. Vous ne pourrez plus être invité(e) à précommander cette création.',
  'buyer.cancel.reason': 'Pourquoi annulez-vous ?',
  'buyer.cancel.reason.changed_mind': "J'ai changé d'avis",
  'buyer.cancel.reason.price': 'Le prix',
  'buyer.cancel.reason.timing': 'Le délai',
  'buyer.cancel.reason.found_alternative': "J'ai trouvé autre chose",
  'buyer.cancel.reason.card_problem': 'Un problème avec ma carte',
  'buyer.cancel.reason.other': 'Une autre raison',
  'buyer.cancel.note': 'Quelque chose à ajouter ? (facultatif)',
  'buyer.cancel.chooseReason': 'Choisissez une raison.',
  'buyer.cancel.confirm': 'Annuler la précommande',
  'buyer.cancel.keep': 'La garder',
  'buyer.cancel.done': "Votre précommande est annulée et votre carte retirée. Rien n'a été débité.",

  'buyer.preorder.title': 'Précommande',
  'buyer.preorder.back': '← Mes réservations',
  'buyer.preorder.loading': 'Préparation de votre précommande…',
  'buyer.preorder.heading': 'Précommander {title}',
  'buyer.preorder.headingPlain': 'Votre précommande',
  'buyer.preorder.expectedPrice': 'Prix prévu',
  'buyer.preorder.priceNote':
    'Une estimation, pas un débit : le prix final est confirmé avant tout paiement.',
  'buyer.preorder.expires': "L'invitation est ouverte jusqu'au {date}.",
  'buyer.preorder.termsTitle': "Aucun argent n'est prélevé maintenant",
  'buyer.preorder.termsLead':
    "Votre carte est vérifiée et enregistrée. Rien n'est débité et aucun montant n'est bloqué sur votre carte.",
  'buyer.preorder.agreementTitle': 'Le paiement ultérieur unique',
  'buyer.preorder.step.card': '1. Vérifier votre carte',
  'buyer.preorder.step.confirm': '2. Confirmer votre précommande',
  'buyer.preorder.unavailable': 'Les précommandes ne sont pas disponibles pour le moment.',

  'buyer.card.localIntro':
    "Mode test : la vérification de la carte se fait sur ce serveur avec des cartes de test. Elle s'ouvre dans une nouvelle fenêtre ; revenez ici quand elle indique que votre carte est enregistrée.",
  'buyer.card.openForm': 'Ouvrir le formulaire de carte',
  'buyer.card.check': "J'ai terminé : vérifier ma carte",
  'buyer.card.checking': 'Vérification de votre carte…',
  'buyer.card.close': 'Fermer le formulaire de carte',
  'buyer.card.formTitle': 'Formulaire de carte',
  'buyer.card.save': 'Vérifier la carte',
  'buyer.card.loadingForm': 'Chargement du formulaire de carte…',
  'buyer.card.stripeUnavailable':
    "Le formulaire de carte n'a pas pu être chargé. Vérifiez votre connexion et réessayez.",
  'buyer.card.needed': 'Ajoutez une carte pour continuer. Elle est vérifiée et enregistrée, pas débitée.',
  'buyer.card.verified': "Votre carte est vérifiée et enregistrée. Rien n'a été débité.",
  'buyer.card.authRequired':
    "Votre banque doit confirmer que c'est bien vous. Terminez la vérification demandée par votre banque dans le formulaire de carte, puis vérifiez à nouveau votre carte.",
  'buyer.card.processing': 'Votre banque vérifie encore la carte. Réessayez dans un instant.',
  'buyer.card.cancelledIntent':
    'Cette vérification de carte a été annulée. Contactez le support pour recommencer.',
  'buyer.card.declinedFunds':
    "Votre carte a été refusée : votre banque indique que les fonds sont insuffisants. Rien n'a été débité. Essayez une autre carte.",
  'buyer.card.declined':
    "Votre carte a été refusée par votre banque. Rien n'a été débité. Essayez une autre carte ou demandez la raison à votre banque.",
  'buyer.card.authFailed':
    "Votre banque n'a pas pu confirmer que c'était bien vous : la carte n'a pas été enregistrée. Rien n'a été débité. Réessayez.",
  'buyer.card.expired': "Cette carte a expiré. Rien n'a été débité. Essayez une autre carte.",
  'buyer.card.otherError':
    "La carte n'a pas pu être vérifiée ({code}). Rien n'a été débité. Réessayez ou utilisez une autre carte.",
  'buyer.card.tryAgain': 'Vous pouvez réessayer avec la même carte ou une autre.',

  'buyer.confirm.ack':
    "Je comprends que ma carte est vérifiée et enregistrée, et qu'aucun argent n'est prélevé maintenant.",
  'buyer.confirm.ackHelp': 'Demandé à chaque fois : cochez-la juste avant de confirmer.',
  'buyer.confirm.agreement': "J'accepte le paiement ultérieur décrit ci-dessus.",
  'buyer.confirm.button': 'Confirmer la précommande',
  'buyer.confirm.needCard': "Vérifiez d'abord votre carte.",
  'buyer.confirm.needAck': 'Cochez les deux cases pour confirmer.',
  'buyer.confirm.stale': 'Votre confirmation date de plus de 15 minutes. Veuillez la cocher à nouveau.',

  'buyer.done.title': 'Précommande confirmée',
  'buyer.done.body': "Votre précommande de {title} est confirmée. Rien n'a été débité.",
  'buyer.done.charged': 'Débité maintenant : rien',
  'buyer.done.reference': 'Référence : {id}',
  'buyer.done.mine': 'Voir mes précommandes',
  'buyer.warning.cardExpires':
    'Votre carte expire avant la fin de la période de production prévue. Votre précommande est enregistrée ; une carte plus récente pourra vous être demandée avant tout paiement.',
  'buyer.done.already': 'Cette réservation est déjà une précommande.',

  'buyer.problem.notInvited': "Cette réservation n'a pas d'invitation à précommander.",
  'buyer.problem.expired': "Cette invitation a expiré. Rien n'a été débité.",
  'buyer.problem.reservationCancelled':
    'Cette réservation a été annulée : elle ne peut pas être précommandée.',
  'buyer.problem.preorderCancelled': 'Vous avez annulé cette précommande. Elle ne peut pas être refaite.',
  'buyer.problem.outsideUk':
    "Les précommandes ne sont ouvertes pour l'instant qu'aux acheteurs du Royaume-Uni.",
  'buyer.problem.closed': 'Les précommandes ne sont pas ouvertes.',
  'buyer.problem.paused':
    'Les précommandes sont suspendues pour le moment. Votre invitation est conservée ; revenez plus tard.',
  'buyer.problem.termsWithdrawn': 'Le designer a suspendu les précommandes de cette création.',
  'buyer.problem.provider':
    "Le service de carte est injoignable pour le moment. Rien n'a été débité. Réessayez dans un instant.",
  'buyer.problem.notFound': 'Cette invitation à précommander est introuvable.',
  'buyer.problem.cardNotVerified': "Votre carte n'est pas encore vérifiée.",

  'buyer.terms.title': 'Conditions de précommande',
  'buyer.terms.intro':
    "Pour permettre aux acheteurs invités de précommander cette création (leur carte est vérifiée, rien n'est débité), acceptez les conditions du designer.",
  'buyer.terms.loading': 'Chargement des conditions de précommande…',
  'buyer.terms.accepted': 'Acceptées (version {version}) le {date}',
  'buyer.terms.notAccepted': 'Non acceptées',
  'buyer.terms.outdated':
    'Vous avez accepté la version {version} ; la version {current} est désormais en vigueur.',
  'buyer.terms.read': 'Conditions, version {version}',
  'buyer.terms.accept': 'Accepter les conditions',
  'buyer.terms.withdraw': 'Retirer',
  'buyer.terms.withdrawTitle': 'Retirer les conditions de précommande ?',
  'buyer.terms.withdrawBody':
    'Plus aucune nouvelle invitation, vérification de carte ni précommande pour cette création. Les précommandes déjà confirmées le restent.',
  'buyer.terms.keep': 'Les garder',
  'buyer.terms.withdrawn': 'Retirées le {date}',
};
