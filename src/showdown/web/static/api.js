// The HTTP API: every question the page asks goes through `call`, in the page's language.

import { t } from "./i18n.js";
import { state } from "./state.js";

/**
 * GET `path` (no body) or POST `body` as JSON; the answer's JSON, or a thrown
 * `{message, field}` (the API's error, or the server not answering). An aborted request
 * throws the AbortError itself.
 */
export async function call(path, body, signal) {
  const url = `${path}${path.includes("?") ? "&" : "?"}lang=${encodeURIComponent(state.lang)}`;
  let response;
  try {
    response = await fetch(url, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error && error.name === "AbortError") throw error;
    throw { message: t("The server does not answer: start it with 'showdown serve' and reload the page."), field: null };
  }
  const data = await response.json();
  if (!response.ok) throw data.error || { message: response.statusText, field: null };
  return data;
}
