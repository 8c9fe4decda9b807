/** Français : le cadre de l’espace équipe et fondateur — accueil, sections et page « accès refusé ». */

import type { admin as en } from '../en/admin';
import type { DictionaryOf } from '../plural';

export const admin: DictionaryOf<typeof en> = {
  'nav.admin': 'Équipe',
  'admin.title': 'Outils de l’équipe et du fondateur',
  'admin.intro':
    'Les files et les chiffres qui font tourner la bêta. Seuls l’équipe et le fondateur voient ces pages.',
  'admin.loading': 'Chargement…',
  'admin.sections': 'Sections',
  'admin.back': '← Outils de l’équipe et du fondateur',
  'admin.readOnly': 'Lecture seule : les modifications sont faites par le fondateur.',
  'admin.notAllowed.title': 'Cette page n’est pas destinée à votre compte',
  'admin.notAllowed.body':
    'Elle fait partie des outils de l’équipe Kitwright. Si vous pensez devoir y accéder, demandez au fondateur ; rien ici n’est nécessaire pour utiliser Kitwright.',
  'admin.notAllowed.home': 'Aller à l’accueil',
  'admin.section.support': 'File du support',
  'admin.section.moderation': 'Modération',
  'admin.section.demand': 'Revue de la demande',
  'admin.section.incidents': 'Incidents',
  'admin.section.beta': 'Tableau de bord du fondateur',
  'admin.section.phase': 'Phase, critères et options',
  'admin.section.cohorts': 'Cohortes et invitations',
  'admin.section.sessions': 'Sessions observées',
  'admin.section.learning': 'Bilan des enseignements',
  'admin.blurb.support': 'Conversations ouvertes avec leurs échéances ; répondre, noter, assigner.',
  'admin.blurb.moderation': 'Annonces en attente de décision, avec leurs signalements.',
  'admin.blurb.demand': 'L’intérêt par annonce et par personne ; le qualifier et l’exporter.',
  'admin.blurb.incidents': 'Incidents ouverts et récents : prendre en charge, résoudre, annoter.',
  'admin.blurb.beta': 'Les objectifs de réussite d’une période, les courbes quotidiennes et les entonnoirs.',
  'admin.blurb.phase': 'Options, critères de phase avec leurs preuves, et la décision A.5.',
  'admin.blurb.cohorts': 'Cohortes de testeurs de la bêta et leurs codes d’invitation.',
  'admin.blurb.sessions': 'Sessions de bêta prévues et observées, avec leurs notes.',
  'admin.blurb.learning': 'Ce que la bêta nous a appris : retours, sessions et thèmes.',
};
