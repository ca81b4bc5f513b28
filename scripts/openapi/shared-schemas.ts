/**
 * Contract schemas used in many places, named so that the documents describe them once and refer to
 * them (`$ref`) everywhere else. zod-openapi replaces every use of these instances, and of schemas
 * derived from them with `.meta()`, by a reference; derived descriptions and examples stay beside it.
 * (Schemas with `.meta({ id })` in the contract are named there; these have no id of their own.)
 */
import type { z } from "zod";
import { customerType, email, jsonValue, metadata, millis, projectIdField, urlString, userIdOrMe, uuid, verificationCode } from "../../contract/fields.js";
import {
  adminOAuthProvider, adminProjectConfig, adminProjectConfigUpdate, clientProjectConfig, oauthProviderIdSchema, permissionIdField,
} from "../../contract/project-config.js";

export const sharedSchemas: Record<string, z.ZodType> = {
  Uuid: uuid,
  UserIdOrMe: userIdOrMe,
  ProjectId: projectIdField,
  Millis: millis,
  Email: email,
  Url: urlString,
  JsonValue: jsonValue,
  Metadata: metadata,
  VerificationCode: verificationCode,
  CustomerType: customerType,
  PermissionId: permissionIdField,
  OAuthProviderId: oauthProviderIdSchema,
  AdminOAuthProvider: adminOAuthProvider,
  ClientProjectConfig: clientProjectConfig,
  AdminProjectConfig: adminProjectConfig,
  ProjectConfigUpdate: adminProjectConfigUpdate,
};
