/** The E-mails page's Sent tab: the log of mail sent for the project, failures marked. */
import { useQuery } from "@tanstack/react-query";
import { Badge, Empty, formatDate, QueryView, Table, td } from "../ui.js";
import { useTRPC } from "../../lib/trpc.js";

export function SentLog() {
  const trpc = useTRPC();
  const sent = useQuery(trpc.listSentEmails.queryOptions());
  return (
    <QueryView query={sent} what="the sent e-mails">
      {(s) =>
        s.items.length === 0 ? (
          <Empty title="No e-mail sent yet" />
        ) : (
          <Table caption="Sent e-mails" head={["Subject", "To", "Sent", "Server", "Status"]}>
            {s.items.map((mail) => (
              <tr key={mail.id}>
                <td className={td}>{mail.subject}</td>
                <td className={`${td} text-xs`}>{mail.to.join(", ")}</td>
                <td className={td}>{formatDate(mail.sent_at_millis)}</td>
                <td className={`${td} text-xs`}>{mail.sender_config.type === "shared" ? "shared" : `${mail.sender_config.host ?? ""}`}</td>
                <td className={td}>{mail.error ? <Badge tone="bad">failed</Badge> : <Badge tone="good">sent</Badge>}</td>
              </tr>
            ))}
          </Table>
        )
      }
    </QueryView>
  );
}
