import { byTenant } from "../../../src/jobs/context.js";
import type { JobDefinition } from "../../../src/jobs/scheduler.js";
import { sanctionsList } from "../../sanctions/list/load.js";
import { watchedSanctionsAlerts } from "../sanctions-check.js";
import { recordPass, watchedAddresses } from "./shared.js";

export const SANCTIONS_JOB = "monitoring.sanctions";

/**
 * Every watched address against the current OFAC list. Addresses are checked when they are
 * added; this pass catches the ones a refreshed list (npm run sanctions:refresh, re-read by
 * `sanctionsList` when its files change) newly names. A listed address raises one `sanctions`
 * alert per matter, ever.
 */
export const sanctionsJob: JobDefinition = {
  name: SANCTIONS_JOB,
  async run(env) {
    const list = sanctionsList(env.services.config.sanctionsDir);
    let checked = 0;
    const hits = [];
    for await (const batch of watchedAddresses(env.db)) {
      checked += batch.length;
      for (const row of batch) if (list.addresses.lookup(row.address).length) hits.push(row);
    }
    let raised = 0;
    for (const { tenant, rows } of byTenant(hits)) {
      const names = new Map(rows.map((r) => [r.watchlistId, r.watchlist.name]));
      const ids = await recordPass(
        env,
        SANCTIONS_JOB,
        tenant,
        watchedSanctionsAlerts(list, rows, names),
        { list_issue_date: list.issue.issueDate, listed_addresses: rows.length },
      );
      raised += ids.length;
    }
    return {
      list_issue_date: list.issue.issueDate,
      addresses_checked: checked,
      listed: hits.length,
      alerts_raised: raised,
    };
  },
};
