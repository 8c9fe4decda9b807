/** English: the help and trust pages (the reference text; French and German follow it). */
import type { HelpDocs } from './types';

export const en: HelpDocs = {
  terms: {
    title: 'Terms of use',
    summary:
      'Kitwright is a free platform, in public beta, for creating, publishing and browsing designs built from universal blocks and fasteners. Nothing is sold during the beta. You keep ownership of what you make; you give us only a limited licence to run the service, and you agree to use it lawfully and within its safety boundaries.',
    sections: [
      {
        heading: '1. Who we are',
        body: [
          'Kitwright (“we”, “us”) runs this website and app. We are the platform that hosts, processes, translates, moderates and shows designs. We are not the author, owner or seller of any design on Kitwright: every design belongs to the person who made or published it, and every listing names them.',
          'You can reach us at any time through the support form on the Support and reporting page.',
        ],
      },
      {
        heading: '2. The public interest beta',
        body: [
          'Kitwright is in its public interest beta. During this phase we do not sell anything: there are no card payments, no charges, no orders, no invoices and no shipment dates. Registering interest in a design is free and non-binding (see the Interest reservation disclaimer).',
          'Features may change or be switched off while we learn. When a change materially affects you, we tell you in the app or by email before it takes effect.',
        ],
      },
      {
        heading: '3. Your account',
        list: [
          'You must be at least 16 years old to create an account.',
          'Give a working email address and keep it up to date: we use it for verification, password resets and important notices.',
          'Keep your password to yourself. Tell us through support if you think someone else has used your account.',
          'One person per account. Do not create accounts for others or to get around a suspension.',
        ],
      },
      {
        heading: '4. Your designs',
        body: [
          'You keep full ownership of the models, prompts, drafts and listings you create. By uploading or publishing you give us the limited licence described in the Content licence: to host, process, translate, moderate, display and validate your designs, only to run Kitwright.',
          'You confirm that you have the right to upload what you upload: it is your own work, or its owner allows you to use it this way, and it does not copy someone else’s protected design.',
        ],
      },
      {
        heading: '5. Acceptable use',
        body: ['Do not use Kitwright to:'],
        list: [
          'publish anything unlawful, hateful, violent, sexual or harassing;',
          'copy or publish designs, logos or characters you have no right to use;',
          'describe a design as suitable for a use that is blocked (see Product-safety boundaries), or answer the safety questions untruthfully;',
          'mislead people about who made or owns a design;',
          'upload malware, overload the service, or read it automatically in a way that harms it;',
          'try to get around limits, gates, moderation or another person’s privacy.',
        ],
      },
      {
        heading: '6. Safety and accuracy',
        body: [
          'Designs on Kitwright are for free-standing and decorative configurations only. Cladding, structural, electrical, wet-area, child-use and regulated uses are blocked.',
          'Previews, part counts, sizes, weights and stability checks are calculated from the geometry. They are estimates to help you, not an engineering certificate or a promise about a physical kit.',
        ],
      },
      {
        heading: '7. Moderation and reporting',
        body: [
          'Automatic checks look at every listing when it is published, and a person reviews listings the checks flag. We may hide or remove content that breaks these terms or the law. When we act on your listing we tell you why, unless the law does not allow it, and you can ask us to look again through support.',
          'Anyone can report a listing through the Support and reporting page.',
        ],
      },
      {
        heading: '8. Availability',
        body: [
          'We work to keep Kitwright available and your data safe, with backups. It is still a beta: the service can be interrupted, and we recommend that you keep your own copies of your source files.',
        ],
      },
      {
        heading: '9. Responsibility',
        body: [
          'We are responsible for loss or damage you suffer that is a foreseeable result of our breaking these terms or of our negligence. Nothing in these terms limits our responsibility for death or personal injury caused by our negligence, for fraud, or for anything else the law does not allow us to limit. If you use Kitwright as a consumer, you keep every right consumer law gives you.',
        ],
      },
      {
        heading: '10. Ending',
        body: [
          'You can stop using Kitwright at any time and ask us to delete your account through support. We may suspend or close an account that seriously or repeatedly breaks these terms; we tell you why, and you can ask us to review the decision.',
        ],
      },
      {
        heading: '11. Law and changes',
        body: [
          'These terms are governed by the law of England and Wales. If you live elsewhere as a consumer, you keep the mandatory protections of your country’s law and may bring a claim in your local courts.',
          'When we change these terms we publish a new version with its date here. For changes that matter to you, we tell you at least 14 days before they take effect.',
        ],
      },
    ],
  },

  privacy: {
    title: 'Privacy notice',
    summary:
      'We keep what we need to run your account, your designs and your interest reservations, and to keep Kitwright secure. Optional analytics happen only if you allow them. We do not sell personal data, and we keep it out of our logs.',
    sections: [
      {
        heading: '1. Who is responsible',
        body: [
          'Kitwright, the operator of this platform, decides how your personal data is used (the “controller”). Write to us through the support form, category “Account”, for any question or request about your data.',
        ],
      },
      {
        heading: '2. What we keep, and why',
        list: [
          'Account: username, email address, display name, language, sign-in method, and your password stored only as a one-way (Argon2) hash. To run your account (our contract with you).',
          'Sign-in sessions: when each session started, a device identifier if the app sends one, the IP address and the browser name. To keep you signed in and to detect misuse (security, a legitimate interest).',
          'Google or Apple sign-in, if you choose it: the name and email address the provider shares and whether it verified the email. We never see your provider password.',
          'Your designs: uploaded model files, prompts, drafts, generated kits and previews, listing texts and their translations. To provide the service, under the Content licence.',
          'Interest reservations: the listing, the quantity, your country, the intended use, your acknowledgement of the disclaimer and when you gave it. To measure demand for designs.',
          'Saves, listing views (counted once per visitor per day) and shares.',
          'Support conversations: your messages, the email address you give for replies, and the listing or draft they are about.',
          'A visitor session: a random identifier in a cookie, so that you can save designs and register interest before you have an account. It moves to your account when you sign in.',
          'Security records: a tamper-evident record of sign-ins, password changes, publishing and reservations. For security and accountability.',
          'Error reports: when the app fails, a report with a reference number, the page address and the app version, never passwords or what you typed.',
          'Only with your consent, analytics: pseudonymous usage events (for example “a session started”, “a design was started”), your device class (phone, tablet or computer) and where your visit came from (campaign tags, the referring site). Without consent these are not recorded.',
        ],
      },
      {
        heading: '3. What we never do',
        list: [
          'Sell or rent personal data.',
          'Build advertising profiles or use advertising trackers.',
          'Write personal details into our technical logs: email addresses, tokens and IP addresses are removed from them automatically.',
        ],
      },
      {
        heading: '4. Who else handles it',
        body: [
          'Service providers process data for us under contract and only on our instructions: our hosting, database and file-storage providers; our email delivery provider; a machine-translation provider (it receives listing texts only, never your email address); an error-tracking provider; and, only if you allow analytics, an analytics provider. Google or Apple take part only if you sign in with them. No payment provider receives your data during the beta.',
          'Where a provider handles data outside the United Kingdom or the European Economic Area, we use the safeguards the law requires, such as standard contractual clauses.',
        ],
      },
      {
        heading: '5. How long we keep it',
        list: [
          'Account and designs: while your account exists. When you delete your account (section 7), they are deleted at once, and stored files within minutes.',
          'Sign-in sessions: they end after 30 days without use, and after at most 180 days.',
          'Email links: verification links expire after 24 hours, password-reset links after one hour.',
          'Visitor session cookie: up to one year.',
          'Support conversations: up to two years after the conversation is closed.',
          'Analytics events: up to 13 months.',
          'Security records: as long as they are needed for security and to meet legal obligations; they hold references, not the content of your designs.',
        ],
      },
      {
        heading: '6. Your rights',
        body: [
          'You can ask to see the data we hold about you, to correct it, to delete it, to receive your designs and data in a portable format, to restrict or object to a use of it, and you can withdraw consent to analytics at any time on the Cookies page. You can download your data and delete your account yourself (section 7); for anything else, write to us through support; we answer within one month.',
          'You can also complain to a data-protection authority: in the United Kingdom the Information Commissioner’s Office (ico.org.uk); in the European Union, the authority of your country.',
        ],
      },
      {
        heading: '7. Downloading your data and deleting your account',
        body: [
          'Your account page has “Your data”, where you can do both yourself at any time, without writing to us.',
        ],
        list: [
          'Download: one machine-readable JSON file (format “kitwright.account-export”, with a version number) with your account, sign-in methods and sessions, drafts, listings with their texts and translations, the list of your files and where to download each, saves, interest reservations, notifications, support conversations, your consents, usage events recorded with your account and the security records about you. It never contains your password or sign-in tokens.',
          'Deleting: you type your username and your password; an account that signs in with Google or Apple confirms with a sign-in in the last 10 minutes instead. The account is deleted at once. There is no waiting period, so download your data first if you want a copy.',
          'Your designs are yours, so they leave with you: your listings are taken down and deleted with their texts, translations, drafts, uploads, kits and previews. People who registered interest in them are told that the design was removed.',
          'Your interest reservations are cancelled (the designers’ counts go down), and your saves, notifications and sign-in sessions are deleted: you are signed out on every device.',
          'Support conversations are kept for their retention period (section 5) without your name, email address or account; only a pseudonymous reference remains, so that we can still answer a legal claim about them.',
          'Security records cannot be changed without breaking their tamper-evident chain, so they stay. They name your former account only by a random identifier, or by a keyed code (a pseudonym) that no longer leads to you.',
          'Usage events recorded with your account are deleted; error reports stay without saying whose they were.',
          'Your username and email address become free again, and you can sign up anew.',
          'If your email address was verified, we email you a confirmation of the deletion.',
        ],
      },
      {
        heading: '8. Children',
        body: ['Kitwright is not meant for children. You must be 16 or older to create an account.'],
      },
      {
        heading: '9. Changes',
        body: [
          'We publish each new version here with its date. If a change affects how we use data you already gave us, we tell you before it takes effect.',
        ],
      },
    ],
  },

  cookies: {
    title: 'Cookies and local storage',
    summary:
      'Kitwright uses a few essential cookies and browser storage entries to keep you signed in and remember your choices. Optional analytics are off unless you allow them, and you can change your answer here at any time. There are no advertising cookies.',
    sections: [
      {
        heading: 'Essential: always on',
        body: ['These make Kitwright work. They are not used to follow you around the web.'],
        list: [
          'kw_visitor (cookie, up to 1 year): your visitor session, so saves, interest reservations and support requests work before you sign in.',
          'kw_oauth_… (one encrypted cookie per sign-in attempt, 10 minutes, only while signing in with Google or Apple): ties the sign-in attempt to your browser, so that a sign-in link someone else started cannot sign you in.',
          'state_server_session (local storage, until you sign out): your sign-in, so you stay signed in after a reload.',
          'kw_consent (local storage): your answer to the analytics question.',
          'kw_locale (local storage): the language you chose.',
          'kw_signin_next (session storage, until the tab closes): the page to return to after signing in with Google or Apple.',
          'The offline copy of the app (service worker cache): lets Kitwright open when your connection drops.',
        ],
      },
      {
        heading: 'Optional analytics: only if you allow them',
        body: [
          'They help us see which steps people find hard, without names or email addresses. If you choose “Essential only”, none of these is written and the matching events are dropped by our server too.',
        ],
        list: [
          'kw_first_touch (local storage): where your first visit came from (campaign tags or the referring site).',
          'kw_browser_session and kw_session_started (session storage, until the tab closes): a random identifier for this visit, so a visit is counted once.',
        ],
      },
      {
        heading: 'What is never used',
        list: [
          'Advertising or retargeting cookies.',
          'Third-party social media trackers.',
          'Fingerprinting of your device.',
        ],
      },
    ],
  },

  licence: {
    title: 'Content licence',
    summary:
      'Your designs belong to you. By uploading or publishing on Kitwright you give us a limited, non-exclusive licence to host, process, translate, moderate, display and validate them, only to run Kitwright. We get no ownership and no right to sell or manufacture them.',
    sections: [
      {
        heading: '1. You keep ownership',
        body: [
          'Designs on Kitwright are made by their users. You keep every right you have in your models, prompts, drafts, kits, images and listing texts. We never present ourselves as the author, owner or seller of a design. We may feature a listing, for example on the home page, always with its designer’s name.',
        ],
      },
      {
        heading: '2. The licence you give us',
        body: [
          'You give Kitwright a non-exclusive, worldwide, royalty-free licence, limited to what running the platform needs:',
        ],
        list: [
          'host: store your files and texts and make backups;',
          'process: check models, turn them into block kits, generate building steps, bills of materials and previews;',
          'translate: machine-translate your listing texts so people can read them in their language (your original text is always kept and shown on request);',
          'moderate: run automatic checks and have a person review content that is flagged or reported;',
          'display: show your listing, its previews and its creator and owner attribution in the gallery, on its page and in share previews;',
          'validate: check buildability, stability and the safety and use-case gates.',
        ],
      },
      {
        heading: '3. What we do not get',
        list: [
          'No ownership of your designs.',
          'No right to sell your designs or to let others use them outside Kitwright.',
          'No right to manufacture them. Making physical kits would need separate, explicit terms that you would have to accept first; nothing in this licence allows it.',
        ],
      },
      {
        heading: '4. Who sees what',
        list: [
          'Public: anyone can find the listing in the gallery and open it.',
          'Unlisted: anyone with the link can open it; it is not shown in the gallery or search.',
          'Private: only you can see it.',
        ],
        note: 'Other people may view and share links to listings they can see. That gives them no licence to your design.',
      },
      {
        heading: '5. How long it lasts',
        body: [
          'The licence ends for a design when you delete it or your account. Copies in backups disappear as the backups are replaced, within 35 days, and we keep what we must to handle a report, a dispute or a legal obligation.',
        ],
      },
      {
        heading: '6. Your promises',
        list: [
          'You have the right to upload and publish what you do: it is your own work, or its owner allows it.',
          'It does not copy someone else’s protected design, logo or character without permission.',
          'It does not contain other people’s personal data without their consent.',
        ],
        note: 'If you believe a listing copies your work, report it from the Support and reporting page. We review reports with priority.',
      },
    ],
  },

  interest: {
    title: 'Interest reservation disclaimer',
    summary:
      'Registering interest tells a designer and us that you would like a kit of a design if it is ever made. It is non-binding: no card, no charge, no order and no promise of a kit or a delivery date. You can cancel it at any time.',
    sections: [
      {
        heading: 'What a reservation is',
        body: [
          'A free, non-binding signal of interest in a listing, with the quantity you would consider, your country and the use you have in mind. It helps designers see demand and helps us decide which kits could be made one day.',
        ],
      },
      {
        heading: 'What a reservation is not',
        list: [
          'Not an order, a pre-order, a purchase or a contract to buy.',
          'No card is asked for and no money is taken, now or automatically later.',
          'No invoice, no price promise: any indicative price shown is an estimate, not an offer.',
          'No shipment or delivery date, and no promise that a kit will ever be made.',
        ],
      },
      {
        heading: 'Cancelling',
        body: [
          'Cancel a reservation at any time from your dashboard. It costs nothing, and you may tell us why if you wish.',
        ],
      },
      {
        heading: 'What we record',
        body: [
          'The listing, the quantity, your country, the intended use, your acknowledgement of this disclaimer with its version, and the time. Designers and other visitors see only the total number of reservations on a listing, never your name or email address.',
        ],
      },
      {
        heading: 'What may happen later, only with your fresh consent',
        body: [
          'If a later phase opens (by an explicit decision, after safety, legal and manufacturing checks), we may invite some reservations to a pre-order. That would first be in the United Kingdom only. An invitation would show its full terms, would need you to confirm again, and might verify a card without taking money. Nothing converts automatically: if you ignore an invitation, nothing happens.',
        ],
      },
    ],
  },

  safety: {
    title: 'Product-safety boundaries',
    summary:
      'Kitwright designs are for free-standing and decorative builds. Uses where a failure could hurt someone, or that need certification, are blocked: cladding, structural, electrical, wet-area, child-use and regulated uses.',
    sections: [
      {
        heading: 'Allowed uses',
        list: [
          'Free-standing: a build that stands on its own on a floor, table or shelf, such as a model, a display piece or a planter cover used indoors.',
          'Decorative: ornaments and display objects that carry nothing but their own weight.',
        ],
      },
      {
        heading: 'Blocked uses, and why',
        list: [
          'Cladding: block kits are not certified as building cladding or facade material.',
          'Structural: builds must not carry loads such as people, shelving loads or parts of a building.',
          'Electrical: builds must not house or support electrical installations.',
          'Wet areas: blocks are not rated for wet areas, standing water or outdoor drainage.',
          'Child use: kits are not yet tested to toy-safety standards. Fasteners are small parts and a choking hazard for young children.',
          'Regulated uses: medical devices, safety equipment, food contact and similar uses need approvals we do not have.',
        ],
      },
      {
        heading: 'How the boundaries are enforced',
        body: [
          'When you publish, you choose the use a design is meant for and answer four safety questions. A blocked use, or a “yes” to a risk question, stops the design from being published. Listings reported as unsafe are reviewed with priority and hidden if needed.',
        ],
      },
      {
        heading: 'What our checks mean',
        body: [
          'Stability, connection and weight figures are calculated from the geometry of the design. They help you build well, but they are not an engineering assessment and they do not make a build safe for a blocked use.',
        ],
      },
      {
        heading: 'Common sense with any build',
        list: [
          'Keep loose blocks and fasteners away from young children and pets.',
          'Do not sit, stand or climb on a build, or hang anything from it.',
          'Place builds on a level, stable surface, away from walkways, heat sources and water.',
        ],
      },
    ],
  },

  support: {
    title: 'Support and reporting',
    summary:
      'Ask a question, tell us about a problem, or report a listing. A person reads every message. We aim to answer the same business day (Monday to Friday, by 17:30 UTC); messages sent later are answered the next business day.',
    sections: [
      {
        heading: 'What to include',
        list: [
          'What you tried to do and what happened instead.',
          'The page or listing it is about (a report from a listing page links it for you).',
          'For errors, the reference number the app showed you.',
        ],
      },
      {
        heading: 'Reporting a listing',
        body: [
          'Report a listing that copies someone’s work, is unsafe, describes a blocked use, or is offensive or unlawful. Reports have high priority. We may hide the listing while we look into it, and we tell the owner what was reported, never who reported it.',
          'If someone is in immediate danger, call your local emergency number first.',
        ],
      },
      {
        heading: 'Privacy requests',
        body: [
          'You can download your data and delete your account yourself on your account page, under “Your data”. To see or correct anything else, choose the category “Account” and say what you need. We may ask you to confirm your email address first.',
        ],
      },
    ],
  },
};
