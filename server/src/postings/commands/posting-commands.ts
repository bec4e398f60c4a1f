import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { facilityDecider, facilityStream } from '../../domain/facilities/facility';
import {
  earliestTodayAnywhere,
  jobPostingSchema,
  POSTING_MESSAGES,
  postingDecider,
  postingStream,
  type Posting,
  type PostingCommand,
  type PostingState,
} from '../../domain/postings';
import { NotFoundError } from '../../domain/shared/errors';
import { Actors } from '../../auth/actors';
import { SubscriptionCommands } from '../../billing/commands/subscription-commands';
import { displayName, type SessionUser } from '../../auth/session-user';
import type { EventMetadata } from '../../eventstore/event-store.port';
import { WrongExpectedVersionError } from '../../eventstore/event-store.port';
import { parseOrThrow } from '../../http/validation';
import { ATTEMPTS, CommandBus } from '../../platform/command-bus';
import { PostingQueries } from '../queries/posting-queries';

/**
 * Runs posting commands: the acting member and their facility from the facility's stream, the
 * posting from its own, postingDecider on `posting-{id}` through the CommandBus; the answer is
 * the posting as its facility sees it, read after the read model caught up.
 */
@Injectable()
export class PostingCommands {
  constructor(
    private readonly commands: CommandBus,
    private readonly actors: Actors,
    private readonly queries: PostingQueries,
    private readonly subscriptions: SubscriptionCommands,
  ) {}

  async create(user: SessionUser, body: unknown) {
    const now = new Date();
    const form = parseOrThrow(jobPostingSchema({ today: earliestTodayAnywhere(now) }), body);
    const { member } = await this.actors.facilityMember(user);
    const id = randomUUID();
    await this.run(user, id, { type: 'CreatePosting', data: { actor: member, now, posting_id: id, form } });
    return this.queries.view(user, id);
  }

  /** The whole form; its start date may stay in the past only if it already was (a running job). */
  async edit(user: SessionUser, id: string, body: unknown) {
    const now = new Date();
    const posting = await this.posting(id);
    const form = parseOrThrow(
      jobPostingSchema({ today: earliestTodayAnywhere(now), existing_start_date: posting.fields.start_date }),
      body,
    );
    const { member } = await this.actors.facilityMember(user);
    const decided = await this.run(user, id, { type: 'EditPosting', data: { actor: member, now, form } });
    return this.queries.view(user, id, decided);
  }

  /**
   * With a posting credit on the facility's stream, one is spent and the posting goes live;
   * without, the answer says requires_payment and the posting waits for a payment.
   * A concurrent change of either stream is retried against both fresh states.
   */
  async publish(user: SessionUser, id: string) {
    return this.goLive(user, id, 'PublishPosting');
  }

  /** Billing stopped at the withdrawal: like publish, a credit or `requires_payment`. */
  async reactivate(user: SessionUser, id: string) {
    return this.goLive(user, id, 'ReactivatePosting');
  }

  private async goLive(user: SessionUser, id: string, type: GoLive) {
    for (let attempt = 1; ; attempt++) {
      try {
        const { paidWithCredit, decided } = await this.publishOnce(user, id, type);
        if (paidWithCredit) await this.recordCredit(user, decided);
        return { ...(await this.queries.view(user, id, decided)), requires_payment: !paidWithCredit };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError) || attempt >= ATTEMPTS) throw error;
      }
    }
  }

  async withdraw(user: SessionUser, id: string) {
    const { member } = await this.actors.facilityMember(user);
    const decided = await this.run(user, id, { type: 'WithdrawPosting', data: { actor: member, now: new Date() } });
    return this.queries.view(user, id, decided);
  }

  /** Filled, then a connection fell through: bids again, in the period already paid for. */
  async reopen(user: SessionUser, id: string) {
    const { member } = await this.actors.facilityMember(user);
    const decided = await this.run(user, id, { type: 'ReopenPosting', data: { actor: member, now: new Date() } });
    return this.queries.view(user, id, decided);
  }

  /**
   * Decides once, on both streams as read: the posting's publish with the facility's credits,
   * then (paying with a credit) its consumption. The credit is appended first, with the facility
   * stream's version, so two publishes never spend one credit; the posting's events follow with
   * the posting stream's version. Only if that second append fails (a concurrent change of the
   * posting) has the credit bought nothing, and it is given back before the retry.
   */
  private async publishOnce(user: SessionUser, id: string, type: GoLive): Promise<{ paidWithCredit: boolean; decided: Posting }> {
    const now = new Date();
    const { member, facility } = await this.actors.facilityMember(user);
    const posting = await this.commands.read(postingStream(id), postingDecider);
    const command: PostingCommand = { type, data: { actor: member, now, facility_credits: facility.state.posting_credits } };
    const events = postingDecider.decide(command, posting.state);
    const metadata = facilityMetadata(user);
    const paidWithCredit = events.some((event) => event.type === 'PostingPublished');
    const decided = existing(events.reduce(postingDecider.evolve, posting.state));
    if (!paidWithCredit) {
      await this.commands.append(postingStream(id), events, posting.expected, metadata);
      return { paidWithCredit, decided };
    }
    const spent = facilityDecider.decide(
      { type: 'ConsumePostingCredit', data: { posting_id: id, posting_title: decided.fields.title, now } },
      facility.state,
    );
    await this.commands.append(facilityStream(member.facility_id), spent, facility.expected, metadata);
    try {
      await this.commands.append(postingStream(id), events, posting.expected, metadata);
    } catch (error) {
      await this.commands.handle(
        facilityStream(member.facility_id),
        facilityDecider,
        { type: 'AddPostingCredit', data: { now: new Date() } },
        { ...metadata, reason: `refund: publishing posting ${id} failed` },
      );
      throw error;
    }
    return { paidWithCredit, decided };
  }

  /** The credit's period on the posting's subscription stream, so its billing history shows it. */
  private async recordCredit(user: SessionUser, posting: Posting): Promise<void> {
    if (posting.published_at === null) return;
    await this.subscriptions.startWithCredit(
      {
        posting_id: posting.posting_id,
        facility_id: posting.facility_id,
        published_at: posting.published_at,
        auto_expire_date: posting.auto_expire_date,
      },
      facilityMetadata(user),
    );
  }

  private async posting(id: string): Promise<Posting> {
    const state = await this.commands.load(postingStream(id), postingDecider);
    if (state.status === 'none') throw new NotFoundError(POSTING_MESSAGES.notFound);
    return state;
  }

  /** Decides on the posting's stream; answers the posting as decided. */
  private async run(user: SessionUser, id: string, command: PostingCommand): Promise<Posting> {
    const { state } = await this.commands.handle(postingStream(id), postingDecider, command, facilityMetadata(user));
    return existing(state);
  }
}

/** The commands that put a posting live with a credit or a payment. */
type GoLive = 'PublishPosting' | 'ReactivatePosting';

/** A decided posting exists: the decider refuses commands on one that does not. */
function existing(state: PostingState): Posting {
  if (state.status === 'none') throw new NotFoundError(POSTING_MESSAGES.notFound);
  return state;
}

function facilityMetadata(user: SessionUser): EventMetadata {
  return { actor: { user_id: user.id, side: 'facility', name: displayName(user) } };
}
