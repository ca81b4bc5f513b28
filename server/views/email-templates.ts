/** Wire JSON of e-mail templates, themes and drafts (contract/email-templates.ts). */
import type { DraftRecord } from "../db/queries/email-drafts.js";
import type { TemplateRecord, ThemeRecord } from "../services/email/catalogue/themes.js";

export function emailTemplateToJson(template: TemplateRecord) {
  return {
    id: template.id,
    display_name: template.displayName,
    tsx_source: template.tsxSource,
    ...(template.themeId !== undefined && { theme_id: template.themeId }),
  };
}

export function emailThemeSummaryToJson(theme: ThemeRecord) {
  return { id: theme.id, display_name: theme.displayName };
}

export function emailThemeToJson(theme: ThemeRecord) {
  return { display_name: theme.displayName, tsx_source: theme.tsxSource };
}

export function emailDraftToJson(draft: DraftRecord) {
  return {
    id: draft.id,
    display_name: draft.displayName,
    tsx_source: draft.tsxSource,
    ...(draft.themeId !== undefined && { theme_id: draft.themeId }),
    sent_at_millis: draft.sentAt?.getTime() ?? null,
  };
}
