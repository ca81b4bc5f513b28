/** The team object as embedded in users (and, later, served by /teams). */
import { z } from "zod";
import { metadata, millis, uuid } from "./fields.js";

const clientTeamShape = {
  id: uuid,
  display_name: z.string(),
  profile_image_url: z.string().nullable(),
  client_metadata: metadata,
  client_read_only_metadata: metadata,
};

export const clientTeam = z.object(clientTeamShape).meta({ id: "ClientTeam" });
export const serverTeam = z
  .object({ ...clientTeamShape, created_at_millis: millis, server_metadata: metadata })
  .meta({ id: "ServerTeam" });
