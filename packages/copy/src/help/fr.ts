/** Français : les pages d’aide et de confiance (traduction fidèle du texte anglais de référence). */
import type { HelpDocs } from './types';

export const fr: HelpDocs = {
  terms: {
    title: 'Conditions d’utilisation',
    summary:
      'Kitwright est une plateforme gratuite, en bêta publique, pour créer, publier et parcourir des créations construites en blocs et fixations universels. Rien n’est vendu pendant la bêta. Vous restez propriétaire de ce que vous créez ; vous nous accordez seulement une licence limitée pour faire fonctionner le service, et vous vous engagez à l’utiliser légalement et dans ses limites de sécurité.',
    sections: [
      {
        heading: '1. Qui nous sommes',
        body: [
          'Kitwright (« nous ») exploite ce site et cette application. Nous sommes la plateforme qui héberge, traite, traduit, modère et affiche les créations. Nous ne sommes ni l’auteur, ni le propriétaire, ni le vendeur d’aucune création sur Kitwright : chaque création appartient à la personne qui l’a faite ou publiée, et chaque annonce la nomme.',
          'Vous pouvez nous joindre à tout moment par le formulaire de la page Assistance et signalement.',
        ],
      },
      {
        heading: '2. La bêta publique d’intérêt',
        body: [
          'Kitwright est en bêta publique d’intérêt. Pendant cette phase, nous ne vendons rien : pas de paiement par carte, pas de débit, pas de commande, pas de facture et pas de date d’expédition. Manifester son intérêt pour une création est gratuit et sans engagement (voir l’Avertissement sur les réservations d’intérêt).',
          'Des fonctions peuvent changer ou être désactivées pendant que nous apprenons. Quand un changement vous concerne de manière importante, nous vous prévenons dans l’application ou par e-mail avant qu’il ne s’applique.',
        ],
      },
      {
        heading: '3. Votre compte',
        list: [
          'Vous devez avoir au moins 16 ans pour créer un compte.',
          'Indiquez une adresse e-mail valide et tenez-la à jour : elle sert à la vérification, à la réinitialisation du mot de passe et aux avis importants.',
          'Gardez votre mot de passe pour vous. Prévenez-nous par l’assistance si vous pensez que quelqu’un d’autre a utilisé votre compte.',
          'Une personne par compte. Ne créez pas de compte pour d’autres ni pour contourner une suspension.',
        ],
      },
      {
        heading: '4. Vos créations',
        body: [
          'Vous gardez l’entière propriété des modèles, descriptions, brouillons et annonces que vous créez. En téléversant ou en publiant, vous nous accordez la licence limitée décrite dans la Licence de contenu : héberger, traiter, traduire, modérer, afficher et valider vos créations, uniquement pour faire fonctionner Kitwright.',
          'Vous confirmez avoir le droit de téléverser ce que vous téléversez : c’est votre propre travail, ou son propriétaire vous autorise à l’utiliser ainsi, et cela ne copie pas la création protégée de quelqu’un d’autre.',
        ],
      },
      {
        heading: '5. Utilisation acceptable',
        body: ['N’utilisez pas Kitwright pour :'],
        list: [
          'publier quoi que ce soit d’illégal, haineux, violent, sexuel ou harcelant ;',
          'copier ou publier des créations, logos ou personnages que vous n’avez pas le droit d’utiliser ;',
          'présenter une création comme adaptée à un usage interdit (voir Limites de sécurité des produits), ou répondre de manière inexacte aux questions de sécurité ;',
          'tromper sur l’auteur ou le propriétaire d’une création ;',
          'téléverser des logiciels malveillants, surcharger le service ou le lire automatiquement d’une manière qui lui nuit ;',
          'tenter de contourner les limites, les contrôles, la modération ou la vie privée d’autrui.',
        ],
      },
      {
        heading: '6. Sécurité et exactitude',
        body: [
          'Les créations sur Kitwright sont destinées uniquement à des configurations autoportantes et décoratives. Les usages en bardage, structurels, électriques, en milieu humide, par des enfants et réglementés sont interdits.',
          'Les aperçus, nombres de pièces, dimensions, poids et contrôles de stabilité sont calculés à partir de la géométrie. Ce sont des estimations pour vous aider, pas un certificat d’ingénierie ni une promesse sur un kit physique.',
        ],
      },
      {
        heading: '7. Modération et signalement',
        body: [
          'Des contrôles automatiques examinent chaque annonce à sa publication, et une personne examine les annonces qu’ils signalent. Nous pouvons masquer ou retirer un contenu qui enfreint ces conditions ou la loi. Quand nous intervenons sur votre annonce, nous vous disons pourquoi, sauf si la loi l’interdit, et vous pouvez nous demander de réexaminer la décision par l’assistance.',
          'Tout le monde peut signaler une annonce depuis la page Assistance et signalement.',
        ],
      },
      {
        heading: '8. Disponibilité',
        body: [
          'Nous faisons en sorte que Kitwright reste disponible et que vos données soient en sécurité, avec des sauvegardes. Il s’agit toutefois d’une bêta : le service peut être interrompu, et nous vous conseillons de garder vos propres copies de vos fichiers sources.',
        ],
      },
      {
        heading: '9. Responsabilité',
        body: [
          'Nous sommes responsables des pertes ou dommages prévisibles que vous subissez du fait d’un manquement de notre part à ces conditions ou de notre négligence. Rien dans ces conditions ne limite notre responsabilité en cas de décès ou de dommage corporel causé par notre négligence, de fraude, ou pour tout ce que la loi ne nous permet pas de limiter. Si vous utilisez Kitwright en tant que consommateur, vous conservez tous les droits que vous donne le droit de la consommation.',
        ],
      },
      {
        heading: '10. Fin',
        body: [
          'Vous pouvez cesser d’utiliser Kitwright à tout moment et nous demander de supprimer votre compte par l’assistance. Nous pouvons suspendre ou fermer un compte qui enfreint gravement ou de manière répétée ces conditions ; nous vous en donnons la raison, et vous pouvez demander un réexamen.',
        ],
      },
      {
        heading: '11. Droit applicable et modifications',
        body: [
          'Ces conditions sont régies par le droit de l’Angleterre et du pays de Galles. Si vous résidez ailleurs en tant que consommateur, vous conservez les protections impératives du droit de votre pays et pouvez saisir les tribunaux de votre lieu de résidence.',
          'Quand nous modifions ces conditions, nous publions ici une nouvelle version datée. Pour les changements qui vous concernent, nous vous prévenons au moins 14 jours avant leur entrée en vigueur.',
        ],
      },
    ],
  },

  privacy: {
    title: 'Politique de confidentialité',
    summary:
      'Nous conservons ce qui est nécessaire pour faire fonctionner votre compte, vos créations et vos réservations d’intérêt, et pour protéger Kitwright. Les statistiques facultatives n’ont lieu que si vous les autorisez. Nous ne vendons pas de données personnelles et nous les tenons à l’écart de nos journaux techniques.',
    sections: [
      {
        heading: '1. Qui est responsable',
        body: [
          'Kitwright, l’exploitant de cette plateforme, décide de l’usage de vos données personnelles (le « responsable du traitement »). Écrivez-nous par le formulaire d’assistance, catégorie « Compte », pour toute question ou demande sur vos données.',
        ],
      },
      {
        heading: '2. Ce que nous conservons, et pourquoi',
        list: [
          'Compte : nom d’utilisateur, adresse e-mail, nom affiché, langue, mode de connexion, et votre mot de passe conservé uniquement sous forme d’empreinte irréversible (Argon2). Pour faire fonctionner votre compte (notre contrat avec vous).',
          'Sessions de connexion : le début de chaque session, un identifiant d’appareil si l’application en envoie un, l’adresse IP et le nom du navigateur. Pour vous garder connecté et détecter les abus (sécurité, un intérêt légitime).',
          'Connexion avec Google ou Apple, si vous la choisissez : le nom et l’adresse e-mail que le fournisseur partage, et s’il a vérifié cette adresse. Nous ne voyons jamais votre mot de passe chez ce fournisseur.',
          'Vos créations : fichiers de modèles téléversés, descriptions, brouillons, kits et aperçus générés, textes d’annonce et leurs traductions. Pour fournir le service, selon la Licence de contenu.',
          'Réservations d’intérêt : l’annonce, la quantité, votre pays, l’usage prévu, votre acceptation de l’avertissement et son moment. Pour mesurer la demande pour les créations.',
          'Enregistrements, vues d’annonces (comptées une fois par visiteur et par jour) et partages.',
          'Conversations avec l’assistance : vos messages, l’adresse e-mail donnée pour la réponse, et l’annonce ou le brouillon concerné.',
          'Une session de visiteur : un identifiant aléatoire dans un cookie, pour que vous puissiez enregistrer des créations et manifester votre intérêt avant d’avoir un compte. Elle rejoint votre compte lorsque vous vous connectez.',
          'Registres de sécurité : un registre infalsifiable des connexions, changements de mot de passe, publications et réservations. Pour la sécurité et la traçabilité.',
          'Rapports d’erreur : quand l’application échoue, un rapport avec un numéro de référence, l’adresse de la page et la version de l’application, jamais de mot de passe ni ce que vous avez saisi.',
          'Uniquement avec votre consentement, des statistiques : des événements d’utilisation pseudonymes (par exemple « une session a commencé », « une création a été commencée »), votre type d’appareil (téléphone, tablette ou ordinateur) et la provenance de votre visite (balises de campagne, site d’origine). Sans consentement, rien de cela n’est enregistré.',
        ],
      },
      {
        heading: '3. Ce que nous ne faisons jamais',
        list: [
          'Vendre ou louer des données personnelles.',
          'Constituer des profils publicitaires ou utiliser des traceurs publicitaires.',
          'Écrire des données personnelles dans nos journaux techniques : les adresses e-mail, jetons et adresses IP en sont retirés automatiquement.',
        ],
      },
      {
        heading: '4. Qui d’autre les traite',
        body: [
          'Des prestataires traitent des données pour nous, sous contrat et uniquement sur nos instructions : nos fournisseurs d’hébergement, de base de données et de stockage de fichiers ; notre service d’envoi d’e-mails ; un service de traduction automatique (il reçoit uniquement les textes d’annonce, jamais votre adresse e-mail) ; un service de suivi des erreurs ; et, seulement si vous autorisez les statistiques, un service de statistiques. Google ou Apple n’interviennent que si vous vous connectez avec eux. Aucun prestataire de paiement ne reçoit vos données pendant la bêta.',
          'Quand un prestataire traite des données hors du Royaume-Uni ou de l’Espace économique européen, nous appliquons les garanties exigées par la loi, comme les clauses contractuelles types.',
        ],
      },
      {
        heading: '5. Durée de conservation',
        list: [
          'Compte et créations : tant que votre compte existe. Quand vous supprimez votre compte (section 7), ils sont supprimés immédiatement, et les fichiers stockés en quelques minutes.',
          'Sessions de connexion : elles prennent fin après 30 jours sans utilisation, et au plus tard après 180 jours.',
          'Liens envoyés par e-mail : les liens de vérification expirent après 24 heures, ceux de réinitialisation du mot de passe après une heure.',
          'Cookie de session de visiteur : jusqu’à un an.',
          'Conversations avec l’assistance : jusqu’à deux ans après leur clôture.',
          'Événements statistiques : jusqu’à 13 mois.',
          'Registres de sécurité : aussi longtemps que nécessaire pour la sécurité et nos obligations légales ; ils contiennent des références, pas le contenu de vos créations.',
        ],
      },
      {
        heading: '6. Vos droits',
        body: [
          'Vous pouvez demander à consulter les données que nous détenons sur vous, à les corriger, à les supprimer, à recevoir vos créations et données dans un format portable, à limiter un usage ou à vous y opposer, et vous pouvez retirer à tout moment votre consentement aux statistiques sur la page Cookies. Vous pouvez télécharger vos données et supprimer votre compte vous-même (section 7) ; pour tout le reste, écrivez-nous par l’assistance ; nous répondons sous un mois.',
          'Vous pouvez aussi saisir une autorité de protection des données : au Royaume-Uni, l’Information Commissioner’s Office (ico.org.uk) ; dans l’Union européenne, l’autorité de votre pays (en France, la CNIL).',
        ],
      },
      {
        heading: '7. Télécharger vos données et supprimer votre compte',
        body: [
          'La page de votre compte propose « Vos données », où vous pouvez faire l’un et l’autre vous-même, à tout moment, sans nous écrire.',
        ],
        list: [
          'Téléchargement : un fichier JSON lisible par machine (format « kitwright.account-export », avec un numéro de version) contenant votre compte, vos méthodes et sessions de connexion, brouillons, annonces avec leurs textes et traductions, la liste de vos fichiers et l’adresse où télécharger chacun, favoris, réservations d’intérêt, notifications, conversations avec l’assistance, vos consentements, les événements d’usage liés à votre compte et les registres de sécurité qui vous concernent. Il ne contient jamais votre mot de passe ni vos jetons de connexion.',
          'Suppression : vous saisissez votre nom d’utilisateur et votre mot de passe ; un compte qui se connecte avec Google ou Apple confirme plutôt par une connexion datant de moins de 10 minutes. Le compte est supprimé immédiatement. Il n’y a pas de délai d’attente : téléchargez d’abord vos données si vous voulez en garder une copie.',
          'Vos créations vous appartiennent et partent donc avec vous : vos annonces sont retirées et supprimées avec leurs textes, traductions, brouillons, fichiers, kits et aperçus. Les personnes qui avaient réservé leur intérêt en sont informées.',
          'Vos réservations d’intérêt sont annulées (les compteurs des créateurs baissent), et vos favoris, notifications et sessions de connexion sont supprimés : vous êtes déconnecté sur tous vos appareils.',
          'Les conversations avec l’assistance sont conservées pendant leur durée de conservation (section 5), sans votre nom, votre adresse e-mail ni votre compte ; seule une référence pseudonyme subsiste, pour pouvoir répondre à une réclamation juridique à leur sujet.',
          'Les registres de sécurité ne peuvent pas être modifiés sans briser leur chaîne infalsifiable ; ils restent donc. Ils ne désignent votre ancien compte que par un identifiant aléatoire, ou par un code à clé (un pseudonyme) qui ne mène plus à vous.',
          'Les événements d’usage liés à votre compte sont supprimés ; les rapports d’erreur restent sans indiquer à qui ils se rapportaient.',
          'Votre nom d’utilisateur et votre adresse e-mail redeviennent libres, et vous pouvez vous réinscrire.',
          'Si votre adresse e-mail était vérifiée, nous vous envoyons une confirmation de la suppression.',
        ],
      },
      {
        heading: '8. Enfants',
        body: ['Kitwright n’est pas destiné aux enfants. Il faut avoir 16 ans ou plus pour créer un compte.'],
      },
      {
        heading: '9. Modifications',
        body: [
          'Nous publions ici chaque nouvelle version avec sa date. Si un changement modifie l’usage de données que vous nous avez déjà confiées, nous vous prévenons avant qu’il ne s’applique.',
        ],
      },
    ],
  },

  cookies: {
    title: 'Cookies et stockage local',
    summary:
      'Kitwright utilise quelques cookies et éléments de stockage du navigateur indispensables pour vous garder connecté et mémoriser vos choix. Les statistiques facultatives restent désactivées tant que vous ne les autorisez pas, et vous pouvez changer d’avis ici à tout moment. Il n’y a aucun cookie publicitaire.',
    sections: [
      {
        heading: 'Indispensables : toujours actifs',
        body: ['Ils font fonctionner Kitwright. Ils ne servent pas à vous suivre sur le web.'],
        list: [
          'kw_visitor (cookie, jusqu’à 1 an) : votre session de visiteur, pour que les enregistrements, réservations d’intérêt et demandes d’assistance fonctionnent avant la connexion.',
          'kw_oauth_… (un cookie chiffré par tentative de connexion, 10 minutes, uniquement pendant une connexion avec Google ou Apple) : relie la tentative de connexion à votre navigateur, pour qu’un lien de connexion lancé par quelqu’un d’autre ne puisse pas vous connecter.',
          'state_server_session (stockage local, jusqu’à la déconnexion) : votre connexion, pour rester connecté après un rechargement.',
          'kw_consent (stockage local) : votre réponse à la question sur les statistiques.',
          'kw_locale (stockage local) : la langue choisie.',
          'kw_signin_next (stockage de session, jusqu’à la fermeture de l’onglet) : la page où revenir après une connexion avec Google ou Apple.',
          'La copie hors ligne de l’application (cache du service worker) : permet d’ouvrir Kitwright quand la connexion est coupée.',
        ],
      },
      {
        heading: 'Statistiques facultatives : seulement si vous les autorisez',
        body: [
          'Elles nous aident à voir quelles étapes posent problème, sans nom ni adresse e-mail. Si vous choisissez « Essentiels uniquement », aucun de ces éléments n’est écrit et notre serveur écarte aussi les événements correspondants.',
        ],
        list: [
          'kw_first_touch (stockage local) : la provenance de votre première visite (balises de campagne ou site d’origine).',
          'kw_browser_session et kw_session_started (stockage de session, jusqu’à la fermeture de l’onglet) : un identifiant aléatoire pour cette visite, afin de ne la compter qu’une fois.',
        ],
      },
      {
        heading: 'Ce qui n’est jamais utilisé',
        list: [
          'Des cookies publicitaires ou de reciblage.',
          'Des traceurs de réseaux sociaux tiers.',
          'L’empreinte numérique de votre appareil.',
        ],
      },
    ],
  },

  licence: {
    title: 'Licence de contenu',
    summary:
      'Vos créations vous appartiennent. En téléversant ou en publiant sur Kitwright, vous nous accordez une licence limitée et non exclusive pour les héberger, traiter, traduire, modérer, afficher et valider, uniquement pour faire fonctionner Kitwright. Nous n’obtenons aucune propriété ni aucun droit de les vendre ou de les fabriquer.',
    sections: [
      {
        heading: '1. Vous restez propriétaire',
        body: [
          'Les créations sur Kitwright sont faites par leurs utilisateurs. Vous conservez tous vos droits sur vos modèles, descriptions, brouillons, kits, images et textes d’annonce. Nous ne nous présentons jamais comme l’auteur, le propriétaire ou le vendeur d’une création. Nous pouvons mettre une annonce en avant, par exemple sur la page d’accueil, toujours avec le nom de son créateur.',
        ],
      },
      {
        heading: '2. La licence que vous nous accordez',
        body: [
          'Vous accordez à Kitwright une licence non exclusive, mondiale et gratuite, limitée à ce qu’exige le fonctionnement de la plateforme :',
        ],
        list: [
          'héberger : stocker vos fichiers et textes et en faire des sauvegardes ;',
          'traiter : vérifier les modèles, les transformer en kits de blocs, produire les étapes de montage, les listes de pièces et les aperçus ;',
          'traduire : traduire automatiquement vos textes d’annonce pour qu’on puisse les lire dans sa langue (votre texte d’origine est toujours conservé et affiché sur demande) ;',
          'modérer : effectuer des contrôles automatiques et faire examiner par une personne les contenus signalés ;',
          'afficher : montrer votre annonce, ses aperçus et la mention de son créateur et de son propriétaire dans la galerie, sur sa page et dans les aperçus de partage ;',
          'valider : vérifier la faisabilité, la stabilité et les contrôles de sécurité et d’usage.',
        ],
      },
      {
        heading: '3. Ce que nous n’obtenons pas',
        list: [
          'Aucune propriété sur vos créations.',
          'Aucun droit de vendre vos créations ni d’en permettre l’usage hors de Kitwright.',
          'Aucun droit de les fabriquer. La fabrication de kits physiques nécessiterait des conditions distinctes et explicites que vous devriez d’abord accepter ; cette licence ne le permet en rien.',
        ],
      },
      {
        heading: '4. Qui voit quoi',
        list: [
          'Publique : tout le monde peut trouver l’annonce dans la galerie et l’ouvrir.',
          'Non répertoriée : toute personne ayant le lien peut l’ouvrir ; elle n’apparaît ni dans la galerie ni dans la recherche.',
          'Privée : vous seul pouvez la voir.',
        ],
        note: 'D’autres personnes peuvent consulter et partager le lien des annonces qu’elles voient. Cela ne leur donne aucune licence sur votre création.',
      },
      {
        heading: '5. Durée',
        body: [
          'La licence prend fin pour une création lorsque vous la supprimez ou supprimez votre compte. Les copies dans les sauvegardes disparaissent au fil de leur remplacement, sous 35 jours, et nous conservons ce qui est nécessaire pour traiter un signalement, un litige ou une obligation légale.',
        ],
      },
      {
        heading: '6. Vos engagements',
        list: [
          'Vous avez le droit de téléverser et de publier ce que vous publiez : c’est votre propre travail, ou son propriétaire l’autorise.',
          'Cela ne copie pas sans autorisation la création, le logo ou le personnage protégé de quelqu’un d’autre.',
          'Cela ne contient pas de données personnelles d’autrui sans son consentement.',
        ],
        note: 'Si vous pensez qu’une annonce copie votre travail, signalez-la depuis la page Assistance et signalement. Nous traitons les signalements en priorité.',
      },
    ],
  },

  interest: {
    title: 'Avertissement sur les réservations d’intérêt',
    summary:
      'Manifester votre intérêt indique à un créateur et à nous que vous aimeriez un kit de cette création s’il est un jour fabriqué. C’est sans engagement : pas de carte, pas de débit, pas de commande et aucune promesse de kit ni de date de livraison. Vous pouvez l’annuler à tout moment.',
    sections: [
      {
        heading: 'Ce qu’est une réservation',
        body: [
          'Un signal d’intérêt gratuit et sans engagement pour une annonce, avec la quantité envisagée, votre pays et l’usage prévu. Il aide les créateurs à voir la demande et nous aide à décider quels kits pourraient être fabriqués un jour.',
        ],
      },
      {
        heading: 'Ce qu’une réservation n’est pas',
        list: [
          'Ni une commande, ni une précommande, ni un achat, ni un contrat d’achat.',
          'Aucune carte n’est demandée et aucun argent n’est prélevé, ni maintenant ni automatiquement plus tard.',
          'Pas de facture, pas de promesse de prix : un prix indicatif éventuellement affiché est une estimation, pas une offre.',
          'Pas de date d’expédition ou de livraison, et aucune promesse qu’un kit sera un jour fabriqué.',
        ],
      },
      {
        heading: 'Annulation',
        body: [
          'Annulez une réservation à tout moment depuis votre tableau de bord. C’est gratuit, et vous pouvez nous en indiquer la raison si vous le souhaitez.',
        ],
      },
      {
        heading: 'Ce que nous enregistrons',
        body: [
          'L’annonce, la quantité, votre pays, l’usage prévu, votre acceptation de cet avertissement avec sa version, et l’heure. Les créateurs et les autres visiteurs ne voient que le nombre total de réservations d’une annonce, jamais votre nom ni votre adresse e-mail.',
        ],
      },
      {
        heading: 'Ce qui pourrait se passer plus tard, uniquement avec votre nouveau consentement',
        body: [
          'Si une phase ultérieure s’ouvre (par une décision explicite, après des contrôles de sécurité, juridiques et de fabrication), nous pourrions inviter certaines réservations à une précommande, d’abord au Royaume-Uni uniquement. Une invitation présenterait toutes ses conditions, vous demanderait de confirmer à nouveau et pourrait vérifier une carte sans prélever d’argent. Rien n’est converti automatiquement : si vous ignorez une invitation, il ne se passe rien.',
        ],
      },
    ],
  },

  safety: {
    title: 'Limites de sécurité des produits',
    summary:
      'Les créations Kitwright sont destinées aux constructions autoportantes et décoratives. Les usages où une défaillance pourrait blesser quelqu’un, ou qui exigent une certification, sont interdits : bardage, usages structurels, électriques, en milieu humide, par des enfants et usages réglementés.',
    sections: [
      {
        heading: 'Usages autorisés',
        list: [
          'Autoportant : une construction qui tient seule sur un sol, une table ou une étagère, comme une maquette, une pièce d’exposition ou un cache-pot utilisé en intérieur.',
          'Décoratif : des objets de décoration et d’exposition qui ne portent que leur propre poids.',
        ],
      },
      {
        heading: 'Usages interdits, et pourquoi',
        list: [
          'Bardage : les kits de blocs ne sont pas certifiés comme bardage ou matériau de façade.',
          'Structurel : les constructions ne doivent pas porter de charges comme des personnes, le contenu d’étagères ou des parties d’un bâtiment.',
          'Électrique : les constructions ne doivent pas contenir ni supporter d’installations électriques.',
          'Milieux humides : les blocs ne sont pas prévus pour les pièces humides, l’eau stagnante ou l’écoulement extérieur.',
          'Usage par des enfants : les kits ne sont pas encore testés selon les normes de sécurité des jouets. Les fixations sont de petites pièces présentant un risque d’étouffement pour les jeunes enfants.',
          'Usages réglementés : dispositifs médicaux, équipements de sécurité, contact alimentaire et usages semblables exigent des autorisations que nous n’avons pas.',
        ],
      },
      {
        heading: 'Comment ces limites sont appliquées',
        body: [
          'À la publication, vous choisissez l’usage prévu d’une création et répondez à quatre questions de sécurité. Un usage interdit, ou un « oui » à une question de risque, empêche la publication. Les annonces signalées comme dangereuses sont examinées en priorité et masquées si nécessaire.',
        ],
      },
      {
        heading: 'Ce que signifient nos contrôles',
        body: [
          'Les indications de stabilité, d’assemblage et de poids sont calculées à partir de la géométrie de la création. Elles vous aident à bien construire, mais ne constituent pas une évaluation d’ingénierie et ne rendent pas une construction sûre pour un usage interdit.',
        ],
      },
      {
        heading: 'Du bon sens avec toute construction',
        list: [
          'Tenez les blocs et fixations en vrac hors de portée des jeunes enfants et des animaux.',
          'Ne vous asseyez pas, ne montez pas et ne grimpez pas sur une construction, et n’y suspendez rien.',
          'Posez les constructions sur une surface plane et stable, à l’écart des passages, des sources de chaleur et de l’eau.',
        ],
      },
    ],
  },

  support: {
    title: 'Assistance et signalement',
    summary:
      'Posez une question, signalez un problème ou une annonce. Une personne lit chaque message. Nous visons une réponse le jour ouvré même (du lundi au vendredi, avant 17 h 30 UTC) ; les messages envoyés plus tard reçoivent une réponse le jour ouvré suivant.',
    sections: [
      {
        heading: 'Ce qu’il faut indiquer',
        list: [
          'Ce que vous avez essayé de faire et ce qui s’est passé à la place.',
          'La page ou l’annonce concernée (un signalement depuis une page d’annonce la relie pour vous).',
          'Pour une erreur, le numéro de référence affiché par l’application.',
        ],
      },
      {
        heading: 'Signaler une annonce',
        body: [
          'Signalez une annonce qui copie le travail de quelqu’un, qui est dangereuse, qui décrit un usage interdit, ou qui est offensante ou illégale. Les signalements sont prioritaires. Nous pouvons masquer l’annonce pendant l’examen, et nous indiquons au propriétaire ce qui a été signalé, jamais qui l’a signalé.',
          'Si quelqu’un est en danger immédiat, appelez d’abord le numéro d’urgence local.',
        ],
      },
      {
        heading: 'Demandes relatives à la vie privée',
        body: [
          'Vous pouvez télécharger vos données et supprimer votre compte vous-même sur la page de votre compte, sous « Vos données ». Pour consulter ou corriger autre chose, choisissez la catégorie « Compte » et précisez votre demande. Nous pourrons d’abord vous demander de confirmer votre adresse e-mail.',
        ],
      },
    ],
  },
};
