import type { reference as en } from '../en/reference';
import type { DictionaryOf } from '../plural';

export const reference: DictionaryOf<typeof en> = {
  'reference.source.label': 'Partir de',
  'reference.source.words': 'Mots',
  'reference.source.picture': 'Une image',
  'reference.title': 'À partir d’une image',
  'reference.intro':
    'Une photo ou un dessin devient une mosaïque encadrée qui tient debout sur son pied, ou un relief de son sujet découpé et surélevé.',
  'reference.pick.label': 'Fichier image (PNG, JPEG ou WebP)',
  'reference.pick.choose': 'Choisir une image',
  'reference.pick.another': 'Choisir une autre image',
  'reference.pick.hint':
    'PNG, JPEG ou WebP, jusqu’à {size}. Les données de position et d’appareil sont supprimées à l’enregistrement.',
  'reference.pick.chosen': 'Prête à envoyer',
  'reference.pick.dropTitle': 'Déposez votre image ici',
  'reference.pick.dropNow': 'Relâchez pour utiliser cette image',
  'reference.pick.dropOr': 'ou choisissez-la sur votre appareil',
  'reference.pick.library': 'Choisir dans les photos',
  'reference.pick.camera': 'Prendre une photo',
  'reference.pick.cameraRefused':
    'Kitwright n’a pas accès à l’appareil photo. Autorisez-le dans les réglages de votre téléphone, ou choisissez une image dans vos photos.',
  'reference.pick.wrongFormat': '« {name} » n’est pas une image PNG, JPEG ou WebP.',
  'reference.pick.tooBig': 'Cette image fait {size} ; les images peuvent faire au plus {max}.',
  'reference.pick.required': 'Choisissez d’abord une image.',
  'reference.pick.previewAlt': 'L’image choisie',
  'reference.kind.label': 'En faire',
  'reference.kind.mosaic': 'Une mosaïque',
  'reference.kind.mosaicHelp': 'Toute l’image en couleurs de blocs, dans un cadre, debout sur un pied.',
  'reference.kind.relief': 'Un relief',
  'reference.kind.reliefHelp':
    'Le sujet découpé de son fond (transparence, ou couleur du bord) et surélevé, posé à plat.',
  'reference.width.label': 'Largeur',
  'reference.width.help': 'En blocs ; la hauteur suit l’image.',
  'reference.width.choice': { one: '{count} bloc · {real}', other: '{count} blocs · {real}' },
  'reference.aspect.label': 'Forme',
  'reference.aspect.keep': 'Comme l’image',
  'reference.aspect.square': 'Carrée (coupée au centre)',
  'reference.depth.label': 'Hauteur du relief',
  'reference.depth.choice': { one: '{count} couche', other: '{count} couches' },
  'reference.dithering.label': 'Tramage',
  'reference.dithering.help':
    'Mélange les couleurs de blocs voisines pour que les dégradés et les tons de peau paraissent plus doux de loin.',
  'reference.titleLabel': 'Nom (facultatif)',
  'reference.submit': 'Le faire',
  'reference.uploading': 'Envoi de l’image…',
  'reference.starting': 'Lancement du design…',
  'reference.failedTitle': 'Cette image n’a pas pu être utilisée',
  'reference.howTitle': 'Les images qui marchent bien',
  'reference.how':
    'Des sujets simples aux couleurs franches, sur un fond uni. Une mosaïque de 32 blocs fait environ 51 cm de large ; 64 blocs, environ 1 m.',
  'reference.draft.from': 'À partir de l’image « {name} »',
  'reference.result.title': 'Fait à partir de votre image',
  'reference.result.mosaic':
    'Une mosaïque de {w} × {h} blocs, encadrée, sur un pied de {d} blocs de profondeur.',
  'reference.result.relief': 'Un relief de {w} × {h} blocs, haut de {d} couches.',
  'reference.result.colours': 'Couleurs : {colours}',
  'reference.result.match':
    'Écart de couleur moyen avec l’image : {value} (deltaE ; en dessous de 10, c’est proche)',
  'reference.result.dithered': 'Tramée',
  'reference.result.subjectAlpha': 'Le sujet a été lu dans la transparence de l’image.',
  'reference.result.subjectBorder': 'Le fond ({colour}) a été lu sur le bord de l’image.',
  'reference.result.degraded': 'Le design a été fait, mais il ne passe pas encore tous les contrôles.',
  'reference.rebuild.title': 'Autres options',
  'reference.rebuild.submit': 'Le refaire',
  'problem.NO_SUBJECT':
    'Aucun sujet ne se détache du fond de cette image. Essayez une image sur fond uni, ou une mosaïque.',
  'problem.CORRUPT_IMAGE': 'L’image n’a pas pu être lue. Envoyez-la de nouveau.',
  'problem.INVALID_REFERENCE_OPTIONS':
    'Ces options d’image ne peuvent pas être utilisées. Choisissez-en d’autres et réessayez.',
};
