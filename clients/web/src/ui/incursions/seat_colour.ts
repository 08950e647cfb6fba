// Seats are told apart by a fixed palette of six colours (incursions.css, .inc-seat-N) plus a
// number or glyph, never by colour alone.
export const kSeatColours = 6;

export const seatClass = (seat: number): string => `inc-seat-${seat % kSeatColours}`;
