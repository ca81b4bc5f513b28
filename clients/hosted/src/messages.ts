/** Texts of the hosted app itself (the pages' texts live with the components). */
import { defineMessages } from "./react.js";

export const hostedMessages = defineMessages({
  en: {
    missingTitle: "App not found",
    missingText: "This app does not exist. Check the link you followed.",
  },
  de: {
    missingTitle: "App nicht gefunden",
    missingText: "Diese App existiert nicht. Prüfen Sie den Link, dem Sie gefolgt sind.",
  },
});
