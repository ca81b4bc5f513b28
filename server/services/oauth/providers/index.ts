/** The twelve provider presets, by provider type. */
import type { OAuthProviderId } from "../../../../contract/project-config.js";
import { apple } from "./apple.js";
import { bitbucket } from "./bitbucket.js";
import { discord } from "./discord.js";
import { facebook } from "./facebook.js";
import { github } from "./github.js";
import { gitlab } from "./gitlab.js";
import { google } from "./google.js";
import { linkedin } from "./linkedin.js";
import { microsoft } from "./microsoft.js";
import { spotify } from "./spotify.js";
import { twitch } from "./twitch.js";
import type { ProviderDefinition } from "./types.js";
import { x } from "./x.js";

export const providerDefinitions: Readonly<Record<OAuthProviderId, ProviderDefinition>> = {
  google, github, microsoft, spotify, facebook, discord, gitlab, bitbucket, linkedin, apple, x, twitch,
};
