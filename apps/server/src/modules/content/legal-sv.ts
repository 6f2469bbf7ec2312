/** The default Terms of Use and Privacy Notice in Swedish (see legal-terms.ts and legal-privacy.ts). */
import type { LegalText } from './legal-text';

export const SV_LEGAL: { terms: LegalText; privacy: LegalText } = {
  terms: {
    title: 'Användarvillkor',
    intro:
      'De här villkoren gäller när du använder den här börsen. De är Quay-programvarans standardtext: operatören av webbplatsen har ännu inte publicerat egna villkor.',
    sections: [
      [
        'Ditt konto',
        'Du måste vara myndig där du bor och lämna korrekta uppgifter. Håll ditt lösenord och dina verifieringskoder för dig själv och slå på tvåfaktorsautentisering: du ansvarar för det som görs med ditt konto.',
      ],
      [
        'Handelsrisk',
        'Priserna på kryptotillgångar rör sig snabbt och du kan förlora allt du handlar med. Terminer använder hävstång, som förstorar både förluster och vinster. Ingenting på webbplatsen är finansiell rådgivning.',
      ],
      [
        'Order och avgifter',
        'En order är bindande när den har matchats. Avgifterna visas innan du handlar och tas ut enligt avgiftsschemat.',
      ],
      [
        'Avstängning',
        'Operatören kan stänga av ett konto eller en marknad för att följa lagen, skydda användarna eller hålla tjänsten säker.',
      ],
      [
        'Ändringar',
        'Villkoren kan ändras; den här sidan visar den aktuella texten. Genom att använda tjänsten efter en ändring godkänner du de nya villkoren.',
      ],
    ],
  },
  privacy: {
    title: 'Integritetsmeddelande',
    intro:
      'Det här meddelandet beskriver vilka personuppgifter börsen sparar och varför. Det är Quay-programvarans standardtext: operatören av webbplatsen har ännu inte publicerat ett eget meddelande.',
    sections: [
      [
        'Vad som sparas',
        'Din e-postadress eller ditt mobilnummer, ditt lösenord som envägshash, dina order, saldon och överföringar, och för varje inloggning tid, nätverksadress och webbläsare.',
      ],
      [
        'Varför',
        'För att sköta ditt konto och dina affärer, hålla dem säkra och uppfylla rättsliga skyldigheter. Dina uppgifter säljs inte.',
      ],
      [
        'Cookies',
        'Cookies sparar din session, ditt språk, din valuta och ditt tema, samt en enhetstoken som skyddar inloggningar. Det finns inga reklamcookies.',
      ],
      [
        'Dina rättigheter',
        'Du kan be operatören av webbplatsen att visa, rätta eller radera dina uppgifter, i den mån lagen tillåter radering.',
      ],
    ],
  },
};
