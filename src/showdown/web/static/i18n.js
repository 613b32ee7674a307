// The page's words: GET /api/messages gives every English text of the page in the chosen
// language (state.messages); the elements marked data-i18n in index.html are translated
// in place.

import { state } from "./state.js";

/** A text of the page in the chosen language (English when there is no translation). */
export const t = (text) => state.messages[text] || text;

/** A text with {named} places, translated, then filled in. */
export const fmt = (text, values) => t(text).replace(/\{(\w+)\}/g, (_, key) => (key in values ? values[key] : `{${key}}`));

/** A share as a percentage with one decimal: 0.4567 -> "45.7%". */
export const percent = (x) => `${(100 * x).toFixed(1)}%`;

/** Translate the page's fixed texts, its labels and its title. */
export function translateStatic() {
  document.documentElement.lang = state.lang;
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
  for (const node of document.querySelectorAll("[data-i18n-placeholder]")) node.placeholder = t(node.dataset.i18nPlaceholder);
  document.title = t("Showdown explorer");
}
