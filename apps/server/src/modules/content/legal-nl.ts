/** The default Terms of Use and Privacy Notice in Dutch (see legal-terms.ts and legal-privacy.ts). */
import type { LegalText } from './legal-text';

export const NL_LEGAL: { terms: LegalText; privacy: LegalText } = {
  terms: {
    title: 'Gebruiksvoorwaarden',
    intro:
      'Deze voorwaarden gelden wanneer je deze exchange gebruikt. Het is de standaardtekst van de Quay-software: de beheerder van deze site heeft nog geen eigen voorwaarden gepubliceerd.',
    sections: [
      [
        'Je account',
        'Je moet meerderjarig zijn waar je woont en juiste gegevens verstrekken. Houd je wachtwoord en verificatiecodes voor jezelf en zet tweestapsverificatie aan: je bent verantwoordelijk voor wat er met je account gebeurt.',
      ],
      [
        'Handelsrisico',
        'Koersen van crypto-activa bewegen snel en je kunt alles verliezen waarmee je handelt. Futures gebruiken een hefboom, die zowel verliezen als winsten vergroot. Niets op deze site is financieel advies.',
      ],
      [
        'Orders en kosten',
        'Een order is bindend zodra hij is gematcht. Kosten worden getoond voordat je handelt en in rekening gebracht volgens de tarieven.',
      ],
      [
        'Opschorting',
        'De beheerder kan een account of een markt opschorten om aan de wet te voldoen, om gebruikers te beschermen of om de dienst veilig te houden.',
      ],
      [
        'Wijzigingen',
        'Deze voorwaarden kunnen wijzigen; deze pagina toont de actuele tekst. Wie de dienst na een wijziging blijft gebruiken, aanvaardt de nieuwe voorwaarden.',
      ],
    ],
  },
  privacy: {
    title: 'Privacyverklaring',
    intro:
      'Deze verklaring zegt welke persoonsgegevens deze exchange bewaart en waarom. Het is de standaardtekst van de Quay-software: de beheerder van deze site heeft nog geen eigen verklaring gepubliceerd.',
    sections: [
      [
        'Wat wordt bewaard',
        'Je e-mailadres of mobiele nummer, je wachtwoord als eenrichtingshash, je orders, saldi en overboekingen, en per login het tijdstip, het netwerkadres en de browser.',
      ],
      [
        'Waarom',
        'Om je account en je transacties te laten werken, ze veilig te houden en aan wettelijke plichten te voldoen. Je gegevens worden niet verkocht.',
      ],
      [
        'Cookies',
        'Cookies bewaren je sessie, taal, valuta en thema, en een apparaattoken dat logins beschermt. Er zijn geen advertentiecookies.',
      ],
      [
        'Je rechten',
        'Je kunt de beheerder van deze site vragen je gegevens in te zien, te corrigeren of te verwijderen, voor zover de wet verwijderen toestaat.',
      ],
    ],
  },
};
