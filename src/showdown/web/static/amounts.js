// Amounts of money typed on the page: stakes, dead money, the rake. The page checks only
// that a text is a number; the server decides the pots.

import { t } from "./i18n.js";
import { state } from "./state.js";

const AMOUNT = /^\s*\+?\d{1,30}(\.\d{1,30})?\s*$/;

/** What is wrong with an amount typed (null: nothing, or nothing typed). */
export function amountProblem(text) {
  if (text === undefined || text === null || String(text).trim() === "") return null;
  if (String(text).trim().startsWith("-")) return t("Not below zero: an amount is 0 or more.");
  if (!AMOUNT.test(String(text))) return t("Not an amount: give a number such as 50 or 0.25.");
  return null;
}

/** What is wrong with the rake: one amount, or one per pot separated by commas. */
export function rakeProblem(text) {
  if (!text || !text.trim()) return null;
  for (const part of text.split(/[,;]/)) {
    const problem = amountProblem(part.trim() || "x");
    if (problem) return problem;
  }
  return null;
}

/** An amount for the API: a whole number as a number, else the decimal text. */
export function amountOut(text) {
  const clean = String(text).trim().replace(/^\+/, "");
  return /^\d{1,15}$/.test(clean) ? Number(clean) : clean;
}

/** Whether something was typed. */
export function given(text) {
  return text !== undefined && text !== null && String(text).trim() !== "";
}

/** Whether any amount is given: then a blank stake is nothing put in. */
export function moneyGiven() {
  return state.players.some((p) => given(p.stake) || given(p.dead)) || given(state.rake);
}

/** The amounts that cannot be read ("2.stake", "rake"). */
export function problems() {
  const found = [];
  state.players.forEach((p, seat) => {
    for (const field of ["stake", "dead"]) if (amountProblem(p[field])) found.push(`${seat}.${field}`);
  });
  if (rakeProblem(state.rake)) found.push("rake");
  return found;
}
