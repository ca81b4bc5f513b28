/**
 * The project as an identity provider (issue 40): the OAuth 2.1 / OpenID Connect clients that other apps
 * and AI agents use to sign their users in with this project. The protocol endpoints themselves
 * (`/projects/{project_id}/oauth2/*` and the discovery documents) speak the RFCs' own wire format and are
 * served by server/identity-provider/; this file holds the admin API for clients and settings and the
 * signed-in user's list of authorized apps.
 */
import { z } from "zod";
import { listOf, millis, successResponse } from "./fields.js";
import { defineProcedure } from "./procedure.js";

const tags = ["Identity provider"];

export const oauthClientIdField = z
  .string()
  .min(1)
  .max(2000)
  .meta({
    description: "The client's id: `lkc_…` for registered clients, or the https URL of a client ID metadata document.",
    example: "lkc_4q7r3x9d1v6c5b4a2n8p0s7t3w",
  });

export const identityProviderGrantTypes = ["authorization_code", "refresh_token", "client_credentials"] as const;
export const oauthGrantType = z.enum(identityProviderGrantTypes).meta({ description: "An OAuth grant type.", example: "authorization_code" });

/** Scopes the server knows without configuration; projects add their own (mapped to permissions). */
export const standardOAuthScopes = ["openid", "profile", "email", "offline_access"] as const;

export const oauthScopeName = z
  .string()
  .regex(/^[\x21\x23-\x5b\x5d-\x7e]{1,100}$/, "must be 1-100 printable characters without spaces, quotes or backslashes")
  .meta({ description: "An OAuth scope (RFC 6749 section 3.3).", example: "openid" });

export const oauthRedirectUri = z
  .string()
  .max(2000, "must be at most 2000 characters")
  .refine((v) => URL.canParse(v), "is not a valid URL")
  .refine((v) => !URL.canParse(v) || !new URL(v).hash, "must not have a fragment")
  .meta({ description: "A redirect URI, matched exactly (https, or http on localhost, or a private-use scheme for native apps).", example: "https://app.example.com/callback" });

const logoUrl = z
  .string()
  .max(2000)
  .refine((v) => URL.canParse(v) && new URL(v).protocol === "https:", "must be an https URL")
  .meta({ description: "The logo shown on the consent page (https).", example: "https://app.example.com/logo.png" });

export const oauthClientType = z.enum(["confidential", "public"]).meta({
  description: "Confidential clients authenticate at the token endpoint with their secret; public clients (SPAs, native apps, agents) cannot keep one.",
  example: "confidential",
});

export const oauthClient = z
  .object({
    client_id: oauthClientIdField,
    name: z.string(),
    logo_url: z.string().nullable(),
    type: oauthClientType,
    redirect_uris: z.array(z.string()),
    allowed_scopes: z.array(z.string()).meta({ description: "Scopes this client may ask for." }),
    grant_types: z.array(oauthGrantType),
    registered_by: z.enum(["admin", "dynamic_registration", "metadata_document"]).meta({ description: "How the client came to be." }),
    secret_last_four: z.string().nullable().meta({ description: "The last four characters of a confidential client's secret." }),
    created_at_millis: millis,
    updated_at_millis: millis,
  })
  .meta({ id: "OAuthClient" });

export const oauthClientWithSecret = oauthClient
  .extend({ client_secret: z.string().nullable().meta({ description: "The secret, shown this once (null for public clients).", example: "lks_8c2m0q7r3x9d1v6c5b4a2n8p0s7t3w1y9z6e4f2g8h5" }) })
  .meta({ id: "OAuthClientWithSecret" });

const clientFields = {
  name: z.string().min(1, "must not be empty").max(200, "must be at most 200 characters"),
  logo_url: logoUrl.nullable(),
  type: oauthClientType,
  redirect_uris: z.array(oauthRedirectUri).max(20),
  allowed_scopes: z.array(oauthScopeName).max(100),
  grant_types: z.array(oauthGrantType).min(1).max(3),
};

const clientParams = z.strictObject({ client_id: oauthClientIdField });

export const listOAuthClients = defineProcedure({
  method: "GET",
  path: "/internal/oauth-clients",
  access: "admin",
  summary: "List the project's OAuth clients (admin-registered, dynamically registered and metadata-document clients)",
  tags,
  successStatus: 200,
  errors: [],
  output: listOf(oauthClient),
});

export const createOAuthClient = defineProcedure({
  method: "POST",
  path: "/internal/oauth-clients",
  access: "admin",
  summary: "Register an OAuth client; the answer carries its secret once",
  tags,
  successStatus: 201,
  errors: ["oauthClientInvalid"],
  body: z.strictObject({
    name: clientFields.name,
    logo_url: clientFields.logo_url.optional(),
    type: clientFields.type,
    redirect_uris: clientFields.redirect_uris,
    allowed_scopes: clientFields.allowed_scopes.optional().meta({ description: "Defaults to openid, profile and email." }),
    grant_types: clientFields.grant_types.optional().meta({ description: "Defaults to authorization_code and refresh_token." }),
  }),
  output: oauthClientWithSecret,
});

export const getOAuthClient = defineProcedure({
  method: "GET",
  path: "/internal/oauth-clients/{client_id}",
  access: "admin",
  summary: "Read one OAuth client",
  tags,
  successStatus: 200,
  errors: ["oauthClientNotFound"],
  params: clientParams,
  output: oauthClient,
});

export const updateOAuthClient = defineProcedure({
  method: "PATCH",
  path: "/internal/oauth-clients/{client_id}",
  access: "admin",
  summary: "Change an OAuth client's name, logo, redirect URIs, scopes or grant types",
  tags,
  successStatus: 200,
  errors: ["oauthClientNotFound", "oauthClientInvalid"],
  params: clientParams,
  body: z.strictObject({
    name: clientFields.name.optional(),
    logo_url: clientFields.logo_url.optional(),
    redirect_uris: clientFields.redirect_uris.optional(),
    allowed_scopes: clientFields.allowed_scopes.optional(),
    grant_types: clientFields.grant_types.optional(),
  }),
  output: oauthClient,
});

export const deleteOAuthClient = defineProcedure({
  method: "DELETE",
  path: "/internal/oauth-clients/{client_id}",
  access: "admin",
  summary: "Delete an OAuth client with its consents, codes and refresh tokens",
  tags,
  successStatus: 200,
  errors: ["oauthClientNotFound"],
  params: clientParams,
  output: successResponse,
});

export const rotateOAuthClientSecret = defineProcedure({
  method: "POST",
  path: "/internal/oauth-clients/{client_id}/rotate-secret",
  access: "admin",
  summary: "Give a confidential client a new secret (the old one stops working at once); the answer carries it once",
  tags,
  successStatus: 200,
  errors: ["oauthClientNotFound", "oauthClientInvalid"],
  params: clientParams,
  body: z.strictObject({}),
  output: oauthClientWithSecret,
});

export const oauthProjectScope = z
  .object({
    scope: oauthScopeName,
    description: z.string().max(500).meta({ description: "Shown on the consent page." }),
    permission_id: z.string().min(1).max(200).meta({ description: "The project permission a token with this scope stands for.", example: "read_documents" }),
  })
  .meta({ id: "OAuthProjectScope" });

export const identityProviderSettings = z
  .object({
    dynamic_registration_enabled: z.boolean().meta({ description: "Clients may register themselves (RFC 7591) at `/oauth2/register`." }),
    client_id_metadata_documents_enabled: z.boolean().meta({ description: "A client_id that is an https URL is fetched as the client's metadata document." }),
    scopes: z.array(oauthProjectScope).meta({ description: "The project's own scopes, besides openid, profile, email and offline_access." }),
  })
  .meta({ id: "IdentityProviderSettings" });

export const getIdentityProviderSettings = defineProcedure({
  method: "GET",
  path: "/internal/identity-provider/settings",
  access: "admin",
  summary: "The project's identity-provider settings",
  tags,
  successStatus: 200,
  errors: [],
  output: identityProviderSettings,
});

export const updateIdentityProviderSettings = defineProcedure({
  method: "PATCH",
  path: "/internal/identity-provider/settings",
  access: "admin",
  summary: "Turn dynamic registration and client ID metadata documents on or off; set the project's own scopes",
  tags,
  successStatus: 200,
  errors: ["oauthClientInvalid"],
  body: z.strictObject({
    dynamic_registration_enabled: z.boolean().optional(),
    client_id_metadata_documents_enabled: z.boolean().optional(),
    scopes: z.array(oauthProjectScope).max(100).optional(),
  }),
  output: identityProviderSettings,
});

export const authorizedApp = z
  .object({
    client_id: oauthClientIdField,
    client_name: z.string(),
    logo_url: z.string().nullable(),
    scopes: z.array(z.string()),
    granted_at_millis: millis,
  })
  .meta({ id: "AuthorizedApp" });

export const listMyAuthorizedApps = defineProcedure({
  method: "GET",
  path: "/users/me/authorized-apps",
  access: "client",
  summary: "The apps the signed-in user has let sign them in (consents given on the consent page)",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED"],
  output: listOf(authorizedApp),
});

export const revokeMyAuthorizedApp = defineProcedure({
  method: "DELETE",
  path: "/users/me/authorized-apps/{client_id}",
  access: "client",
  summary: "Withdraw consent from an app: its refresh tokens for this user stop working and the consent page shows again",
  tags,
  successStatus: 200,
  errors: ["USER_AUTHENTICATION_REQUIRED", "authorizedAppNotFound"],
  params: clientParams,
  output: successResponse,
});

/** This file's procedures, registered in contract/index.ts. */
export const identityProviderProcedures = {
  listOAuthClients,
  createOAuthClient,
  getOAuthClient,
  updateOAuthClient,
  deleteOAuthClient,
  rotateOAuthClientSecret,
  getIdentityProviderSettings,
  updateIdentityProviderSettings,
  listMyAuthorizedApps,
  revokeMyAuthorizedApp,
} as const;
