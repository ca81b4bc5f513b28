/**
 * The render pool's waiting line, fair between projects: jobs wait per lane and per project, the product
 * lane (mail the product itself sends: verification, reset, codes, invitations) is always served before
 * the tenant lane (previews, saves, drafts, admin sends), and within a lane the project served least
 * recently goes first, so one project's flood waits behind its own jobs only.
 */

/** Which work a render is: the product's own mail, or work a tenant asked for. */
export type RenderLane = "product" | "tenant";

export interface LaneJob {
  projectId: string;
  lane: RenderLane;
}

interface ProjectLine<J> {
  jobs: J[];
  /** When the project was last served (a counter); 0 for never. */
  lastServed: number;
}

const LANES: readonly RenderLane[] = ["product", "tenant"];

/** Projects remembered per lane with nothing waiting (they keep their turn); past this the idle ones are forgotten. */
const MAX_REMEMBERED_PROJECTS = 256;

export class FairQueue<J extends LaneJob> {
  private readonly lines: Record<RenderLane, Map<string, ProjectLine<J>>> = { product: new Map(), tenant: new Map() };
  private count = 0;
  private served = 0;

  get size(): number {
    return this.count;
  }

  push(job: J): void {
    const lines = this.lines[job.lane];
    let line = lines.get(job.projectId);
    if (!line) {
      if (lines.size >= MAX_REMEMBERED_PROJECTS) for (const [id, idle] of lines) if (idle.jobs.length === 0) lines.delete(id);
      line = { jobs: [], lastServed: 0 };
      lines.set(job.projectId, line);
    }
    line.jobs.push(job);
    this.count++;
  }

  /**
   * Takes the oldest job of the project served least recently among those `mayRun` allows: product lane
   * first, then tenant (ties go to the project that queued first).
   */
  take(mayRun: (job: J) => boolean): J | undefined {
    for (const lane of LANES) {
      let chosen: ProjectLine<J> | undefined;
      for (const line of this.lines[lane].values()) {
        const job = line.jobs[0];
        if (job && (!chosen || line.lastServed < chosen.lastServed) && mayRun(job)) chosen = line;
      }
      if (chosen) {
        chosen.lastServed = ++this.served;
        this.count--;
        return chosen.jobs.shift();
      }
    }
    return undefined;
  }

  /** Removes and answers every waiting job. */
  drain(): J[] {
    const all = LANES.flatMap((lane) => [...this.lines[lane].values()].flatMap((line) => line.jobs));
    for (const lane of LANES) this.lines[lane].clear();
    this.count = 0;
    return all;
  }
}
