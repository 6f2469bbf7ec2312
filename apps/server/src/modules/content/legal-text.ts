/** A default legal text: an introduction and headed sections, plain text, drawn as HTML here. */
export interface LegalText {
  title: string;
  intro: string;
  sections: ReadonlyArray<readonly [heading: string, text: string]>;
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function legalTextHtml(text: LegalText): string {
  return [
    `<p>${escapeHtml(text.intro)}</p>`,
    ...text.sections.map(([h, p]) => `<h2>${escapeHtml(h)}</h2>\n<p>${escapeHtml(p)}</p>`),
  ].join('\n');
}
