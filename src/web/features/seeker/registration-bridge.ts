// How a visitor's Save or Apply asks for registration first. Until the registration modal is on this
// branch, a plain form post does it: the server sends the visitor to log in and back (see callers).
export const MODAL_AVAILABLE = false;
