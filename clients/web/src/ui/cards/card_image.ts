// A card's picture, from the source the server's operator named (Welcome.card_image_template):
// the template's placeholders filled for one card. No template, no URL: nothing is requested.

// The title as a URL word: lower case, accents and punctuation dropped, words joined by '-'
// ("U.S.S. Enterprise": "uss-enterprise", "Q's Tent": "qs-tent", "Jean-Luc Picard":
// "jean-luc-picard").
export function cardSlug(title: string): string {
  return title
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9\s-]/g, "")
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean)
    .join("-");
}

// {id} "101_215", {set} "101", {number} "215", {slug}; each value URL-encoded. "" when there is
// no template or the card has no id (a face-down card is never looked up).
export function cardImageUrl(template: string, card: { id: string; title: string }): string {
  if (!template || !card.id) return "";
  const cut = card.id.indexOf("_");
  const values: Record<string, string> = {
    id: card.id,
    set: cut > 0 ? card.id.slice(0, cut) : "",
    number: cut > 0 ? card.id.slice(cut + 1) : card.id,
    slug: cardSlug(card.title),
  };
  return template.replace(/\{(id|set|number|slug)\}/g, (_, name: string) => encodeURIComponent(values[name]));
}
