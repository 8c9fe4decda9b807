/** Français : créer à partir d’un modèle ou d’un texte, tâches, brouillons et publication. */

import type { create as en } from '../en/create';
import type { DictionaryOf } from '../plural';

export const create: DictionaryOf<typeof en> = {
  'create.title': 'Créer une création',
  'create.mode.A': 'À partir d’un modèle',
  'create.mode.B': 'À partir d’un texte',

  'create.hub.intro':
    'Transformez un modèle 3D ou quelques mots en kit de blocs et fixations universels, vérifiez qu’il se construit, et publiez-le comme votre création.',
  'create.hub.signInReason':
    'Créer nécessite un compte gratuit : vos brouillons sont conservés pour vous, et les créations que vous publiez portent votre nom.',
  'create.hub.modeA.kicker': 'Mode A',
  'create.hub.modeA.title': 'Téléverser un modèle 3D',
  'create.hub.modeA.body':
    'STL, OBJ, PLY, GLB, glTF (seul ou zippé avec ses fichiers) ou 3MF. Nous vérifions le maillage, le transformons en blocs et vous montrons le kit, ses dimensions et les éventuels problèmes.',
  'create.hub.modeA.action': 'Téléverser un modèle',
  'create.hub.modeB.kicker': 'Mode B',
  'create.hub.modeB.title': 'La décrire en mots',
  'create.hub.modeB.body':
    'Nommez une chose, une taille et des couleurs, par exemple « une tour rouge de 40 blocs de haut ». Le générateur la conçoit à partir d’une bibliothèque de plus de cent modèles.',
  'create.hub.modeB.off':
    'La création à partir d’un texte est désactivée pour le moment. Le téléversement d’un modèle fonctionne normalement.',
  'create.hub.modeB.action': 'Écrire une description',
  'create.hub.recent': 'Vos brouillons en cours',
  'create.hub.allDrafts': 'Tous vos brouillons dans le tableau de bord',

  'create.how.title': 'Comment ça marche',
  'create.how.1.title': 'Apportez un modèle ou une idée',
  'create.how.1.body':
    'Téléversez un fichier 3D que vous avez le droit d’utiliser, ou décrivez ce que vous voulez construire.',
  'create.how.2.title': 'Obtenez un kit qui se construit',
  'create.how.2.body':
    'Nous le disposons en blocs et fixations, vérifions qu’il tient d’un seul tenant et reste debout, et montrons un aperçu avec la liste des pièces.',
  'create.how.3.title': 'Publiez-le comme le vôtre',
  'create.how.3.body':
    'Vous restez propriétaire. Kitwright se contente d’héberger, de traduire et d’afficher votre création, et chacun peut manifester un intérêt sans engagement.',
  'create.how.safety':
    'Les kits sont réservés aux constructions autoportantes et décoratives. Les usages structurels, électriques, en milieu humide, en bardage, par des enfants et réglementés ne sont pas autorisés.',

  'create.steps.label': 'Étapes',
  'create.steps.upload': 'Téléverser',
  'create.steps.describe': 'Décrire',
  'create.steps.kit': 'Kit',
  'create.steps.publish': 'Publier',

  'create.upload.title': 'Téléverser un modèle 3D',
  'create.upload.intro':
    'Choisissez le fichier et une taille ; nous le vérifions à son arrivée. Ensuite, le kit se construit sous vos yeux.',
  'create.upload.fileLabel': 'Fichier du modèle',
  'create.upload.dropTitle': 'Déposez votre modèle ici',
  'create.upload.dropNow': 'Relâchez pour utiliser ce fichier',
  'create.upload.dropOr': 'ou choisissez-le sur votre appareil',
  'create.upload.choose': 'Choisir un fichier',
  'create.upload.chooseAnother': 'Choisir un autre fichier',
  'create.upload.chosen': 'Prêt à téléverser',
  'create.upload.hint': '{formats} · jusqu’à {size}',
  'create.upload.wrongFormat':
    '« {name} » n’est pas un format de modèle que nous lisons. Utilisez : {formats}. La plupart des logiciels savent exporter en STL ou 3MF.',
  'create.upload.tooBig':
    'Ce fichier fait {size} ; la limite est de {max}. Simplifiez le modèle ou exportez-le sans textures.',
  'create.upload.titleLabel': 'Nom (facultatif)',
  'create.upload.titleHelp': 'Modifiable plus tard. Sans nom, nous utilisons celui du fichier.',
  'create.upload.submit': 'Téléverser et vérifier',
  'create.upload.uploading': 'Téléversement de {name}',
  'create.upload.progressDetail': '{loaded} sur {total}',
  'create.upload.keepOpen': 'Gardez cette page ouverte jusqu’à la fin du téléversement.',
  'create.upload.checking': 'Téléversé. Vérification du modèle…',
  'create.upload.cancel': 'Annuler le téléversement',
  'create.upload.startingDraft': 'Enregistrement du brouillon et lancement des vérifications…',
  'create.upload.failedTitle': 'Nous ne pouvons pas utiliser ce fichier',
  'create.upload.tipsTitle': 'Conseils pour un bon kit',
  'create.upload.tips':
    'Les modèles fermés et pleins donnent les meilleurs résultats : bouchez les trous et réunissez les pièces séparées dans votre logiciel. Les petites tailles se construisent plus vite et demandent moins de blocs.',
  'create.upload.nativeUnavailable':
    'Le choix de fichiers n’est pas encore disponible dans cette version de l’application. Téléversez votre modèle sur le site de Kitwright ; le brouillon apparaîtra aussi ici.',

  'create.settings.title': 'Réglages du kit',
  'create.settings.size': 'Taille',
  'create.settings.sizeHelp': 'Le plus grand côté du kit, en blocs. Chaque bloc mesure 16 mm.',
  'create.settings.sizeChoice': { one: '{count} bloc · {real}', other: '{count} blocs · {real}' },
  'create.settings.upAxis': 'Quel côté est en haut',
  'create.settings.upAxisHelp': 'Si l’aperçu est couché sur le côté, changez ce réglage et reconstruisez.',
  'create.settings.upAuto': 'Laisser Kitwright choisir',
  'create.settings.upAutoHelp':
    'Garde le haut du fichier dès que le modèle tient ainsi ; sinon essaie les autres sens et le pose dans celui où il peut être le plus incliné avant de basculer.',
  'create.settings.upZ': 'Z vers le haut',
  'create.settings.upZHelp': 'La plupart des logiciels de CAO et des fichiers pour l’impression 3D.',
  'create.settings.upY': 'Y vers le haut',
  'create.settings.upYHelp': 'Exports Blender, glTF et de nombreux outils de jeu vidéo.',
  'create.settings.upX': 'X vers le haut',
  'create.settings.upXHelp': 'Rare ; pour les modèles exportés couchés.',
  'create.settings.upNegZ': 'Z vers le bas',
  'create.settings.upNegY': 'Y vers le bas',
  'create.settings.upNegX': 'X vers le bas',
  'create.settings.upNegativeHelp':
    'Pour un modèle la tête en bas dans l’aperçu : il est remis debout, pas mis en miroir.',
  'create.settings.fill': 'Intérieur',
  'create.settings.fillHelp':
    'Un kit creux demande moins de blocs et pèse moins ; un kit plein est plus solide.',
  'create.settings.solid': 'Plein',
  'create.settings.hollow': 'Creux, parois de {walls}',

  'create.prompt.title': 'Décrire une création',
  'create.prompt.intro':
    'Écrivez ce que vous voulez construire. Le générateur tire une forme, une taille et des couleurs de vos mots et en conçoit un kit.',
  'create.prompt.label': 'Votre description',
  'create.prompt.help':
    'Une forme, une taille en blocs et des couleurs donnent les meilleurs résultats. 3 à 500 caractères.',
  'create.prompt.examples': 'Essayez un exemple :',
  'create.prompt.sizeHelp': 'Utilisée quand votre description ne donne pas de taille.',
  'create.prompt.submit': 'Concevoir',
  'create.prompt.tooShort': 'Écrivez au moins 3 caractères.',
  'create.prompt.offTitle': 'La création à partir d’un texte est désactivée',
  'create.prompt.offBody':
    'Cette partie de la bêta est suspendue pour le moment. Le téléversement d’un modèle 3D fonctionne normalement, et vos brouillons existants sont en sécurité.',
  'create.prompt.howTitle': 'Ce que le générateur comprend',
  'create.prompt.how':
    'Animaux, véhicules, bâtiments, monuments, meubles, objets du quotidien, plantes, lettres et chiffres : nommez-en un, comme « un cheval » ou « la tour Eiffel ». Des tailles (« une tour de 30 blocs de haut »), des nombres (« un moulin à vent avec quatre voiles »), des couleurs, aussi par partie (« une maison blanche avec un toit rouge »), et une création sur une autre (« une fusée sur un pas de tir »).',
  'create.prompt.english': 'Les descriptions sont lues en français, en anglais et en allemand.',
  'create.prompt.statesTitle': 'À quoi s’attendre',
  'create.prompt.states':
    'Votre demande attend brièvement dans une file, puis s’exécute en quelques secondes. Si le générateur ne peut pas suivre une partie de la description, vous obtenez quand même une création approchée, signalée comme telle, avec la raison.',

  'create.prompt.restrictedTitle': 'Une création pour cet usage ne peut pas être publiée',
  'create.prompt.refusedNothingMade': 'Rien n’a été créé ni enregistré.',
  'create.prompt.unknownTitle': 'Pas encore de modèle appelé « {word} »',
  'create.prompt.unknownNoneTitle': 'Votre description ne nomme encore aucun modèle',
  'create.prompt.unknownBody':
    'La bibliothèque n’a pas de modèle de ce nom, donc rien n’a été créé à sa place. Les modèles les plus proches :',
  'create.prompt.unknownPlate': 'Faire une plaque avec « {word} »',
  'create.prompt.restricted':
    '« {words} » décrit un usage interdit aux kits de blocs. {reason} Décrivez plutôt un objet décoratif ou une miniature, et vous pourrez la publier.',
  'create.prompt.restrictedDraft':
    'La description de cette création indique un usage interdit aux kits de blocs (« {words} »). {reason} Modifiez la description ci-dessous et reconstruisez-la pour la publier.',

  'create.draft.title': 'Brouillon',
  'create.draft.untitled': 'Brouillon sans titre',
  'create.draft.notFound': 'Impossible d’ouvrir ce brouillon',
  'create.draft.fromFile': 'À partir du fichier {name}',
  'create.draft.fromPrompt': 'À partir de la description « {prompt} »',
  'create.draft.publishedTitle': 'Ce brouillon est publié',
  'create.draft.publishedBody':
    'Son annonce reste la vôtre. Modifiez-la, dépubliez-la ou supprimez-la depuis Gérer sur l’annonce.',
  'create.draft.openListing': 'Ouvrir l’annonce',
  'create.draft.readyTitle': 'Prêt à publier',
  'create.draft.readyBody':
    'Le kit a passé ses vérifications. Ajoutez un titre et une description et publiez-le comme votre création.',
  'create.draft.continue': 'Continuer vers la publication',
  'create.draft.startOver': 'Commencer une nouvelle création',

  'create.job.check': 'Vérification du modèle',
  'create.job.build': 'Construction du kit',
  'create.job.generate': 'Conception à partir de votre description',
  'create.job.starting': 'Démarrage…',
  'create.job.cancelledHint': 'La dernière exécution a été annulée. Relancez-la quand vous êtes prêt.',
  'create.job.notStarted': 'Rien n’a encore été lancé pour ce brouillon.',
  'create.job.startCheck': 'Vérifier le modèle',
  'create.job.startBuild': 'Construire le kit',
  'create.job.startGenerate': 'Concevoir',

  'create.results.title': 'Votre kit',
  'create.preview.alt': 'Aperçu isométrique du kit de blocs pour {name}',
  'create.preview.loading': 'Chargement de l’aperçu…',
  'create.preview.failed': 'L’aperçu n’a pas pu être chargé. Rechargez la page pour réessayer.',

  'create.metrics.title': 'Chiffres du kit',
  'create.metrics.blocks': 'Blocs',
  'create.metrics.fasteners': 'Fixations',
  'create.metrics.size': 'Dimensions (L × P × H)',
  'create.metrics.sizeNote': 'Une fois construit',
  'create.metrics.layers': 'Couches',
  'create.metrics.weight': 'Poids',
  'create.metrics.weightNote': 'Estimation',
  'create.metrics.colours': 'Couleurs',
  'create.metrics.saved': 'Blocs en moins',
  'create.metrics.savedNote': 'par rapport à {baseline} blocs unitaires',
  'create.metrics.savedWithPins': 'Pièces en moins, goupilles comprises',
  'create.metrics.savedWithPinsNote':
    'blocs et goupilles, par rapport aux blocs unitaires et leurs goupilles',
  'create.metrics.added': 'Blocs ajoutés',
  'create.metrics.addedNote': 'pour joindre des parties qui ne se touchaient que de côté',
  'create.metrics.stability': 'Tient debout seul',
  'create.metrics.stable': 'Oui',
  'create.metrics.unstable': 'Non',
  'create.metrics.standsWeak': 'Oui, avec des points faibles',
  'create.metrics.weakJoints': {
    one: '{count} jonction chargée à la moitié de sa résistance ou plus',
    other: '{count} jonctions chargées à la moitié de leur résistance ou plus',
  },
  'create.metrics.heldSteps': {
    one: 'à tenir droit pendant {count} étape du montage',
    other: 'à tenir droit pendant {count} étapes du montage',
  },
  'create.metrics.proppedSteps': {
    one: 'une partie à soutenir pendant {count} étape du montage',
    other: 'une partie à soutenir pendant {count} étapes du montage',
  },
  'create.metrics.tipsAt': 'bascule dès {deg}° d’inclinaison ({firm}° pour tenir fermement)',
  'create.metrics.tilts': 'peut être incliné de {deg}° avant de basculer',
  'create.metrics.overloadedJoints': {
    one: '{count} jonction chargée au-delà de sa résistance',
    other: '{count} jonctions chargées au-delà de leur résistance',
  },

  'create.pose.wayUp': 'Quel côté est en haut : {up} ({why})',
  'create.pose.fileUp':
    'choisi : avec le haut du fichier ({fileUp}), il tient aussi bien que dans tout autre sens, {cells} cellules au sol, {overhang} % en surplomb',
  'create.pose.otherUp':
    'choisi : l’autre haut habituel des fichiers de modèles, {cells} cellules au sol, {overhang} % en surplomb ; avec le haut du fichier ({fileUp}), il tient moins bien',
  'create.pose.fileUpTips':
    'choisi pour son assise : {cells} cellules au sol, {overhang} % en surplomb ; avec le haut du fichier ({fileUp}), il bascule',
  'create.pose.betterPose':
    'choisi pour son assise : {cells} cellules au sol, {overhang} % en surplomb ; avec le haut du fichier ({fileUp}), il repose sur moins',
  'create.pose.fileUpTilt':
    'choisi : avec le haut du fichier ({fileUp}), il tient : il peut être incliné de {deg}° avant de basculer, {overhang} % en surplomb',
  'create.pose.otherUpTilt':
    'choisi : l’autre haut habituel des fichiers de modèles, il peut être incliné de {deg}° avant de basculer, {overhang} % en surplomb ; avec le haut du fichier ({fileUp}), il bascule ou trop de matière est en surplomb',
  'create.pose.fileUpTipsTilt':
    'retourné : avec le haut du fichier ({fileUp}), il bascule ; dans ce sens, il peut être incliné de {deg}° avant de basculer, {overhang} % en surplomb',
  'create.pose.betterPoseTilt':
    'retourné : avec le haut du fichier ({fileUp}), trop de matière est en surplomb ; dans ce sens, il peut être incliné de {deg}° avant de basculer, {overhang} % en surplomb',
  'create.pose.nothingStands':
    'choisi : le modèle ne tient seul dans aucun sens ; celui-ci s’en approche le plus',
  'create.pose.given': 'comme vous l’avez choisi',
  'create.pose.turn':
    'Pas comme vous le voulez ? Tournez-le avec « Quel côté est en haut » et reconstruisez.',

  'create.check.passedTitle': 'Le kit a passé toutes les vérifications',
  'create.check.passedBody': 'Il tient d’un seul tenant et reste debout seul.',
  'create.check.problemsTitle': 'Le kit ne passe pas encore les vérifications',
  'create.check.problemsHelp':
    'Essayez une taille plus grande, une autre orientation ou un intérieur plein, puis reconstruisez. Corriger le modèle dans votre logiciel aide aussi.',
  'create.check.notesTitle': 'Remarques sur votre fichier',
  'create.problem.code': 'Code du problème : {code}',

  'create.generation.successTitle': 'Conçu à partir de votre description',
  'create.generation.successBody':
    'Le générateur a compris votre description et la création a passé ses vérifications.',
  'create.generation.degradedTitle': 'Une création approchée',
  'create.generation.degradedBody':
    'Le générateur n’a pas pu suivre toute votre description ou le résultat n’a pas passé toutes les vérifications ; voici sa tentative la plus proche. Essayez de reformuler.',
  'create.generation.noShape':
    'Aucune forme n’a été reconnue dans votre description ; une plaque portant son premier mot inconnu a donc été créée. Nommez l’un de ces designs : {shapes}.',
  'create.generation.made': 'Réalisé : {shape}, {w} × {d} × {h} blocs',
  'create.generation.understood': 'Compris : {words}',
  'create.generation.ignored': 'Non utilisé : {words}',

  'create.save.title': 'Nommer et enregistrer',
  'create.save.nameLabel': 'Nom du brouillon',
  'create.save.help':
    'Les brouillons restent dans votre tableau de bord jusqu’à leur publication ou leur suppression.',
  'create.save.submit': 'Enregistrer le brouillon',
  'create.save.done': 'Brouillon enregistré.',

  'create.rebuild.title': 'Ajuster et reconstruire',
  'create.rebuild.titleB': 'Modifier et concevoir à nouveau',
  'create.rebuild.help': 'Le kit actuel est remplacé par un nouveau avec ces réglages.',
  'create.rebuild.submit': 'Appliquer et reconstruire',
  'create.rebuild.wait': 'Attendez la fin de l’exécution en cours, ou annulez-la.',

  'create.status.published': 'Publié',
  'create.status.kitReady': 'Kit prêt',
  'create.status.kitProblems': 'Kit à corriger',
  'create.status.modelProblems': 'Modèle à corriger',
  'create.status.modelChecked': 'Modèle vérifié',
  'create.status.inProgress': 'En cours',

  'job.status.queued': 'En attente',
  'job.status.running': 'En cours',
  'job.status.succeeded': 'Terminé',
  'job.status.degraded': 'Terminé en partie',
  'job.status.failed': 'Échec',
  'job.status.cancelled': 'Annulé',
  'job.status.dead': 'Arrêté',
  'job.status.cancelling': 'Annulation',
  'job.line.queued': 'En attente d’un processus libre…',
  'job.line.step': 'Étape {n} sur {total} : {step}',
  'job.line.done': 'Terminé.',
  'job.line.cancelled': 'Annulé. Rien n’a été modifié.',
  'job.line.failed': 'Arrêté à cause d’un problème.',
  'job.line.degraded':
    'Terminé avec un résultat utilisable, mais une partie de la demande n’a pas été utilisée.',
  'job.degradedTitle': 'Ce qui n’a pas été utilisé',
  'job.progress': 'Progression',
  'job.steps': 'Étapes',
  'job.step.fetch_source': 'Lecture de votre fichier',
  'job.step.inspect': 'Vérification du maillage',
  'job.step.voxelise': 'Transformation de la forme en blocs',
  'job.step.layout': 'Disposition des blocs et fixations',
  'job.step.validate': 'Vérification de l’assemblage et de la stabilité',
  'job.step.preview': 'Dessin de l’aperçu',
  'job.step.store': 'Enregistrement du kit',
  'job.step.generate': 'Conception à partir de la description',
  'job.step.translate': 'Traduction',
  'job.stepStatus.pending': 'À faire',
  'job.stepStatus.running': 'En cours',
  'job.stepStatus.done': 'Fait',
  'job.stepStatus.failed': 'Échec',
  'job.stepStatus.skipped': 'Ignorée',
  'job.problemTitle': 'Ce qui n’a pas marché',
  'job.retry': 'Réessayer',
  'job.cancel': 'Annuler',

  'problem.unknown':
    'Quelque chose dans ce modèle a interrompu le traitement. Vérifiez le fichier ou réessayez plus tard.',
  'problem.EMPTY_FILE':
    'Le fichier est vide : l’export ou le téléversement a échoué. Exportez à nouveau le modèle et téléversez le nouveau fichier.',
  'problem.FILE_TOO_LARGE':
    'Le fichier dépasse la taille acceptée. Simplifiez le modèle ou exportez-le sans textures.',
  'problem.UNSUPPORTED_FORMAT':
    'Ce n’est pas un format de modèle que nous lisons. Exportez-le en STL, OBJ, PLY, GLB, glTF ou 3MF.',
  'problem.TRUNCATED_FILE':
    'Le fichier est tronqué : il s’arrête avant la fin de ses données. Exportez-le à nouveau et téléversez le fichier complet.',
  'problem.FACE_COUNT_MISMATCH':
    'Le fichier annonce un nombre de triangles différent de celui qu’il contient : il est endommagé. Exportez-le à nouveau.',
  'problem.TOO_MANY_TRIANGLES':
    'Le modèle est trop détaillé pour nous. Réduisez son nombre de triangles (décimation ou simplification) et téléversez-le à nouveau.',
  'problem.TOO_MANY_VERTICES':
    'Le modèle est trop détaillé pour nous. Simplifiez-le et téléversez-le à nouveau.',
  'problem.NON_FINITE_COORDINATES':
    'Certains points du modèle ne sont pas des nombres valides. Réparez le modèle ou exportez-le à nouveau.',
  'problem.NO_TRIANGLES':
    'Le fichier ne contient aucune surface utilisable : chaque triangle est vide ou plat.',
  'problem.MALFORMED_ASCII':
    'Le texte du fichier ne respecte pas le format. Exportez-le à nouveau, idéalement en STL binaire ou 3MF.',
  'problem.MALFORMED_FILE': 'Le fichier est endommagé et illisible. Exportez-le à nouveau.',
  'problem.INVALID_INDEX':
    'Le fichier fait référence à des points qui n’existent pas : il est endommagé. Exportez-le à nouveau.',
  'problem.UNSUPPORTED_FEATURE':
    'Le fichier utilise une fonction que nous ne lisons pas encore. Exportez-le en STL ou 3MF.',
  'problem.INVALID_ARCHIVE':
    'Le fichier 3MF est endommagé ou ne contient pas de modèle. Exportez-le à nouveau.',
  'problem.ZIP_BOMB':
    'Le fichier se décompresse en bien plus de données qu’il ne devrait ; nous l’avons refusé par sécurité.',
  'problem.FLAT_MODEL':
    'Le modèle est entièrement plat : il n’y a rien à construire. Donnez-lui de l’épaisseur.',
  'problem.BINARY_STL_SOLID_HEADER':
    'Le fichier STL binaire commence par le mot « solid », réservé au STL texte ; sa taille montre qu’il est binaire, il a donc été lu en binaire, comme le font les trancheurs. Rien à faire.',
  'problem.MISSING_ENDSOLID':
    'Le fichier STL s’arrête avant sa fin ; il a peut-être été tronqué. Exportez-le à nouveau.',
  'problem.SOLID_NAME_MISMATCH':
    'Le fichier STL semble assemblé à partir de plusieurs fichiers. Exportez-le à nouveau en un seul fichier.',
  'problem.MISSING_NORMAL':
    'Certaines faces du fichier STL n’avaient pas d’orientation ; les normales ont été recalculées à partir de la forme. Rien à faire.',
  'problem.NON_FINITE_NORMAL':
    'Certaines orientations de faces du fichier STL n’étaient pas des nombres valides ; les normales ont été recalculées à partir de la forme. Rien à faire.',
  'problem.NORMALS_DISAGREE':
    'Certaines orientations de faces enregistrées dans le fichier STL pointaient du mauvais côté ; les normales ont été recalculées à partir de la forme. Rien à faire.',
  'problem.ZERO_NORMALS':
    'Le fichier STL n’enregistrait aucune orientation de face ; les normales ont été recalculées à partir de la forme, comme le font les trancheurs. Rien à faire.',
  'problem.TRAILING_DATA':
    'Le fichier contient des données supplémentaires inexpliquées à la fin ; il est peut-être endommagé. Exportez-le à nouveau.',
  'problem.NOT_ENCLOSED':
    'Le modèle n’est pas une forme fermée : sa surface a de grands trous, il n’a donc pas d’intérieur à remplir de blocs. Bouchez les trous (« boucher les trous » ou « rendre solide » dans votre logiciel) et téléversez-le à nouveau.',
  'problem.INVALID_MODEL': 'Ce modèle est inutilisable. Vérifiez qu’il s’agit d’un objet fermé et plein.',
  'problem.TOO_COMPLEX':
    'Le modèle est trop complexe pour être lu dans nos limites. Simplifiez-le et téléversez-le à nouveau.',
  'problem.INVALID_OPTIONS':
    'Les réglages choisis sont hors limites. Choisissez une autre taille et réessayez.',
  'problem.USE_CASE_BLOCKED': 'Les kits de blocs ne peuvent pas être utilisés ainsi.',
  'problem.NO_DESIGN':
    'Aucun modèle de la bibliothèque ne porte encore le nom donné par la description. Modifiez-la pour nommer l’un de ses modèles.',
  'problem.ABORTED': 'L’exécution a été annulée.',
  'problem.TIME_BUDGET_EXCEEDED':
    'Le traitement de ce modèle prend plus de temps que nous ne le permettons. Choisissez une taille plus petite et reconstruisez.',
  'problem.MEMORY_BUDGET_EXCEEDED':
    'Ce modèle demande plus de mémoire que nous ne le permettons. Choisissez une taille plus petite et reconstruisez.',
  'problem.PROCESSING_FAILED': 'Le traitement s’est arrêté de façon inattendue. Réessayer suffit en général.',
  'problem.INTERNAL_ERROR': 'Un problème est survenu de notre côté. Réessayer suffit en général.',
  'problem.SOURCE_MISSING': 'Le fichier source n’est plus disponible. Téléversez-le à nouveau.',
  'problem.WORKER_LOST': 'Le traitement a cessé de répondre. Réessayer suffit en général.',
  'problem.EMPTY_KIT':
    'Le kit est vide : le modèle est trop petit ou trop fin à cette taille. Choisissez une taille plus grande.',
  'problem.INVALID_BLOCK':
    'La disposition a produit un bloc qui n’existe pas dans le catalogue. Reconstruisez, ou signalez-le-nous.',
  'problem.BLOCKS_OVERLAP':
    'Certains blocs se chevauchent dans la disposition. Reconstruisez, ou signalez-le-nous.',
  'problem.COVER_MISMATCH':
    'Les blocs ne correspondent pas exactement à la forme. Reconstruisez, ou signalez-le-nous.',
  'problem.PINS_MISMATCH':
    'Les goupilles indiquées dans le kit ne correspondent pas à ses blocs. Reconstruisez, ou signalez-le-nous.',
  'problem.DISCONNECTED':
    'Le kit se sépare en plusieurs morceaux : certaines parties ne touchent le reste que par le côté, ou pas du tout. Une taille plus grande ou des parties plus épaisses règlent généralement le problème.',
  'problem.FLOATING_BLOCKS':
    'Certains blocs flottent sans rien dessous pour les soutenir. Ajoutez des supports dans votre modèle ou essayez une autre orientation.',
  'problem.TIPS_OVER':
    'Le modèle basculerait : son poids est hors de sa base. Élargissez sa base ou changez l’orientation.',
  'problem.TIPS_DURING_BUILD':
    'Le modèle tient debout une fois terminé, mais bascule en cours de construction. Il faut le soutenir pendant le montage.',
  'problem.UNSUPPORTED_BLOCKS':
    'Certains blocs ne peuvent pas être mis en place à leur étape : rien de ce qui est déjà construit ne les tient, ou ils devraient s’insérer entre des blocs déjà posés dessus et dessous. Reconstruisez, ou signalez-le-nous.',
  'problem.OVERLOADED_JOINTS':
    'Certaines jonctions portent plus que leurs fixations ne peuvent tenir : une partie pend ou dépasse trop loin sur trop peu de fixations. Des parties plus épaisses ou mieux soutenues, ou une taille plus petite, règlent en général le problème.',
  'problem.OPEN_BOUNDARIES':
    'La surface a quelques petits trous ; nous avons estimé l’intérieur autour d’eux.',
  'problem.OPEN_SHEET':
    'La surface est largement ouverte, comme une tasse. Là où elle n’enferme rien, nous l’avons construite en parois de sa propre forme au lieu de la remplir ; là où ses parties la ferment (un couvercle sur un pot), nous l’avons remplie.',
  'problem.NON_MANIFOLD_EDGES':
    'Certaines arêtes sont partagées par plus de deux faces. Cela n’affecte généralement pas le kit.',
  'problem.INCONSISTENT_WINDING': 'Certaines faces sont inversées. Cela n’affecte pas le kit.',
  'problem.DEGENERATE_TRIANGLES': 'Certains triangles n’ont pas de surface et ont été ignorés.',
  'problem.DUPLICATE_TRIANGLES':
    'Certains triangles figurent deux fois dans le fichier ; une seule copie de chacun a été gardée. Rien à faire.',
  'problem.SEVERAL_COMPONENTS': 'Le modèle est composé de plusieurs morceaux de surface séparés.',
  'problem.IGNORED_ELEMENTS':
    'Les parties du fichier qui ne sont pas des surfaces (lignes ou points), ou d’autres scènes à côté de celle lue, ont été ignorées.',
  'problem.TEXTURE_NOT_SAMPLED':
    'Les textures n’ont pas servi aux couleurs ; le kit utilise les couleurs de base à la place.',
  'problem.COARSE_COORDINATES':
    'Le modèle est très loin de l’origine de son fichier, là où les nombres du fichier sont grossiers ; sa forme a donc déjà été arrondie à l’enregistrement et les détails fins sont perdus. Rapprochez-le de l’origine dans votre logiciel et exportez-le à nouveau pour garder les détails.',
  'problem.INSIDE_OUT':
    'La surface était enregistrée à l’envers, toutes ses faces tournées vers l’intérieur. Nous l’avons remise à l’endroit. Rien à faire.',
  'problem.SLICER_VOLUMES_LEFT_OUT':
    'Les modificateurs, volumes de support et volumes négatifs de votre projet de trancheur ont été laissés de côté ; le trancheur ne les imprime pas non plus. Ce qu’un volume négatif retire reste plein.',

  'publish.title': 'Publier votre création',
  'publish.intro':
    'Dites ce que c’est et à quoi c’est destiné. Vous restez propriétaire ; Kitwright se contente de l’héberger, de la traduire et de l’afficher.',
  'publish.section.about': 'À propos de la création',
  'publish.section.visibility': 'Qui peut la voir',
  'publish.section.use': 'Usage prévu et sécurité',
  'publish.section.useIntro':
    'Les kits de blocs sont destinés aux constructions autoportantes et décoratives. Répondez honnêtement : ces réponses décident si la création peut être publiée.',
  'publish.section.licence': 'Propriété et licence',
  'publish.field.title': 'Titre',
  'publish.field.description': 'Description',
  'publish.field.descriptionHelp':
    'Ce que c’est, où elle rend bien, ce qu’il faut savoir pour la construire. Au moins 10 caractères.',
  'publish.field.tags': 'Mots-clés',
  'publish.field.tagsHelp': 'Séparés par des virgules, 12 au maximum, par ex. jardin, tour, rouge.',
  'publish.field.category': 'Catégorie',
  'publish.field.language': 'Langue dans laquelle vous écrivez',
  'publish.field.languageHelp':
    'Les autres peuvent lire une traduction automatique ; votre texte d’origine est toujours conservé.',
  'publish.field.visibility': 'Visibilité',
  'publish.field.useCase': 'À quoi sert-elle ?',
  'publish.visibility.public': 'Publique',
  'publish.visibility.public.help': 'Visible dans la galerie et la recherche. Tout le monde peut l’ouvrir.',
  'publish.visibility.unlisted': 'Non répertoriée',
  'publish.visibility.unlisted.help': 'Seules les personnes ayant le lien peuvent l’ouvrir.',
  'publish.visibility.private': 'Privée',
  'publish.visibility.private.help': 'Vous seul pouvez la voir.',
  'publish.category.furniture': 'Mobilier',
  'publish.category.decor': 'Décoration',
  'publish.category.garden': 'Jardin',
  'publish.category.architecture': 'Architecture',
  'publish.category.vehicles': 'Véhicules',
  'publish.category.animals': 'Animaux',
  'publish.category.characters': 'Personnages',
  'publish.category.storage': 'Rangement',
  'publish.category.art': 'Art',
  'publish.category.other': 'Autre',
  'publish.useCase.free_standing': 'Autoportant',
  'publish.useCase.free_standing.help': 'Tient seul sur un sol, une table ou une étagère.',
  'publish.useCase.decorative': 'Décoratif',
  'publish.useCase.decorative.help': 'Un objet de décoration ou d’exposition qui ne porte que lui-même.',
  'publish.useCase.cladding': 'Bardage ou façade',
  'publish.useCase.structural': 'Structurel ou porteur',
  'publish.useCase.electrical': 'Contenant de l’électricité',
  'publish.useCase.wet_area': 'Milieux humides ou dans l’eau en extérieur',
  'publish.useCase.child_use': 'Destiné aux enfants',
  'publish.useCase.regulated': 'Usage réglementé (médical, sécurité, contact alimentaire)',
  'publish.useCase.blockedLabel': '{use} (interdit)',
  'publish.useCase.cladding.reason':
    'Les kits de blocs ne sont pas certifiés comme bardage ou matériau de façade.',
  'publish.useCase.structural.reason':
    'Les kits de blocs ne doivent pas porter de charges structurelles comme des personnes, le contenu d’étagères ou des parties de bâtiment.',
  'publish.useCase.electrical.reason':
    'Les kits de blocs ne doivent pas contenir ni supporter d’installations électriques.',
  'publish.useCase.wet_area.reason':
    'Les kits de blocs ne sont pas prévus pour les milieux humides, l’eau stagnante ou l’écoulement extérieur.',
  'publish.useCase.child_use.reason':
    'Les kits ne sont pas encore testés selon les normes de sécurité des jouets pour un usage par des enfants.',
  'publish.useCase.regulated.reason':
    'Les usages réglementés (médical, équipements de sécurité, contact alimentaire et usages semblables) exigent des autorisations que nous n’avons pas.',
  'publish.useCaseBlocked': 'Cet usage n’est pas autorisé pour les kits de blocs.',
  'publish.useCaseWarning':
    'Cet usage n’est pas autorisé ; la création ne peut donc pas être publiée pour lui. {reason}',
  'publish.safety.title': 'Questions de sécurité',
  'publish.safety.intro': 'Un « oui » à l’une de ces questions empêche la publication pendant la bêta.',
  'publish.safety.intended_for_children':
    'Est-elle destinée à ce que des enfants jouent avec ou l’utilisent ?',
  'publish.safety.bears_loads_or_people':
    'Portera-t-elle des charges ou des personnes (s’asseoir, se tenir debout, étagères) ?',
  'publish.safety.contains_electrics':
    'Contiendra-t-elle ou supportera-t-elle des éléments électriques (lampes, câbles, piles) ?',
  'publish.safety.used_outdoors_in_water': 'Sera-t-elle posée dans l’eau ou dans un milieu humide ?',
  'publish.safety.intended_for_children.short': 'un usage par des enfants',
  'publish.safety.bears_loads_or_people.short': 'porter des charges ou des personnes',
  'publish.safety.contains_electrics.short': 'contenir de l’électricité',
  'publish.safety.used_outdoors_in_water.short': 'les milieux humides',
  'publish.yes': 'Oui',
  'publish.no': 'Non',
  'publish.licence.body':
    'Vous restez propriétaire de cette création. Pour la publier, vous accordez à Kitwright uniquement une licence limitée pour l’héberger, la traiter, la traduire, la modérer, l’afficher et la valider. Nous ne la vendons jamais et ne la présentons jamais comme la nôtre ; une fabrication nécessiterait des conditions distinctes que vous accepteriez d’abord.',
  'publish.licence.accept':
    'Je suis propriétaire de cette création ou j’ai le droit de la publier, et j’accepte la licence de contenu.',
  'publish.licence.version': 'Licence de contenu, version {version}',
  'publish.submit': 'Publier',
  'publish.afterNote':
    'Des contrôles automatiques ont lieu à la publication. S’ils signalent quelque chose, une personne examine l’annonce avant qu’elle n’apparaisse, en général sous un jour.',
  'publish.kitLine': '{blocks} · {layers}',
  'publish.ownerNote': 'L’annonce vous nommera comme créateur et propriétaire.',
  'publish.backToDraft': 'Retour au brouillon',
  'publish.alreadyPublished': 'Ce brouillon est déjà publié sous forme d’annonce.',
  'publish.notReadyTitle': 'Ce brouillon n’est pas prêt à être publié',
  'publish.notReadyBody':
    'Son kit doit d’abord être construit et passer les vérifications. Revenez au brouillon pour le terminer.',
  'publish.fixTitle': 'Il manque quelques réponses',
  'publish.fixBody': 'Voyez les indications à côté des champs, puis publiez à nouveau.',
  'publish.refusedTitle': 'La publication a été refusée',
  'publish.refused.useCase': 'L’usage choisi n’est pas autorisé pendant la bêta. {reason}',
  'publish.refused.safety':
    'Les kits de blocs ne peuvent pas être publiés pour {list}. Si la création est seulement décorative ou autoportante, modifiez vos réponses.',
  'publish.refused.safetyField': 'Un « oui » ici empêche la publication.',
  'publish.refused.safetyAnswer': 'Non autorisé pendant la bêta.',
  'publish.refused.licence':
    'La licence de contenu a changé. Lisez la version actuelle et acceptez-la à nouveau.',
  'publish.refused.gate': 'Une vérification requise n’est pas remplie. Revoyez vos réponses et réessayez.',
  'publish.error.title': 'Donnez un titre de 3 à 120 caractères.',
  'publish.error.description': 'Écrivez une description d’au moins 10 caractères.',
  'publish.error.tags': 'Utilisez 12 mots-clés au maximum, de 32 caractères au plus chacun.',
  'publish.error.choose': 'Choisissez une option.',
  'publish.error.safety': 'Répondez à chaque question de sécurité.',
  'publish.error.licence': 'Cochez cette case pour publier.',
  'publish.pendingBadge': 'En attente d’examen',
  'publish.pendingTitle': 'Publiée, en attente d’un rapide examen',
  'publish.pendingBody':
    'Nos contrôles automatiques ont demandé qu’une personne examine cette annonce avant qu’elle n’apparaisse dans la galerie. Cela prend en général moins d’un jour ; nous vous préviendrons. Elle reste la vôtre entre-temps.',
};
