/** Français : l’interface commune, la navigation, les mots partagés et les erreurs. */

import type { common as en } from '../en/common';
import type { DictionaryOf } from '../plural';

export const common: DictionaryOf<typeof en> = {
  'app.name': 'Kitwright',
  'app.tagline': 'Des créations à construire en blocs universels',
  'nav.home': 'Accueil',
  'nav.gallery': 'Galerie',
  'nav.create': 'Créer',
  'nav.dashboard': 'Tableau de bord',
  'nav.account': 'Compte',
  'nav.signIn': 'Se connecter',
  'nav.register': 'Créer un compte',
  'nav.help': 'Aide',
  'nav.menu': 'Menu',
  'nav.closeMenu': 'Fermer le menu',
  'nav.skip': 'Aller au contenu',
  'footer.ownership':
    'Chaque création sur Kitwright appartient à la personne qui l’a faite. Nous hébergeons, traduisons et présentons les créations ; elles ne nous appartiennent jamais.',
  'footer.beta': 'Bêta publique : manifester son intérêt est gratuit et sans engagement.',
  'footer.language': 'Langue',
  'common.close': 'Fermer',
  'common.cancel': 'Annuler',
  'common.save': 'Enregistrer',
  'common.back': 'Retour',
  'common.retry': 'Réessayer',
  'common.loading': 'Chargement…',
  'common.continue': 'Continuer',
  'common.or': 'ou',
  'common.designedBy': 'par {name}',
  'common.blocks': { one: '{count} bloc', other: '{count} blocs' },
  'common.layers': { one: '{count} couche', other: '{count} couches' },
  'common.translatedFrom': 'Traduit de l’{language}',
  'common.showOriginal': 'Voir l’original',
  'auth.requiredTitle': 'Connectez-vous pour continuer',
  'auth.requiredBody':
    'Cette page concerne vos propres créations et votre activité. Connectez-vous ou créez un compte gratuit : cela prend une minute.',
  'error.title': 'Un problème est survenu',
  'error.body': 'Nous n’avons pas pu afficher cette page. Le problème a été signalé.',
  'error.reference': 'Référence : {id}',
  'error.network': 'Impossible de joindre Kitwright. Vérifiez votre connexion et réessayez.',
  'error.notFound': 'Cette page est introuvable.',
  'notFound.title': 'Page introuvable',
  'notFound.body':
    'Il n’y a aucune page à cette adresse. Elle a peut-être été déplacée, ou le lien est mal saisi.',
  'notFound.home': 'Aller à l’accueil',
  'notFound.gallery': 'Parcourir la galerie',
  'error.rateLimited': {
    one: 'Trop de tentatives. Réessayez dans {count} seconde.',
    other: 'Trop de tentatives. Réessayez dans {count} secondes.',
  },
  'consent.title': 'Cookies et mesure d’audience',
  'consent.body':
    'Nous utilisons des cookies essentiels pour garder votre session et vos favoris. Avec votre accord, nous mesurons aussi l’usage de Kitwright, sans nom ni e-mail, pour l’améliorer.',
  'consent.accept': 'Autoriser la mesure',
  'consent.reject': 'Essentiels uniquement',
  'consent.more': 'Lire la politique des cookies',
  'language.en': 'English',
  'language.fr': 'Français',
  'language.de': 'Deutsch',
};
