// The page's two DOM helpers: find a node, make a node.

/** The first node that matches `selector` (under `root`, by default the document). */
export const $ = (selector, root = document) => root.querySelector(selector);

/** A new element with a class and a text. */
export function el(tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}
