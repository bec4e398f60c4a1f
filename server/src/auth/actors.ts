import { Injectable } from '@nestjs/common';
import { applicantDecider, applicantStream } from '../domain/applicants/applicant';
import type { BidActor } from '../domain/bids';
import { BILLING_MESSAGES } from '../domain/billing/billing-rules';
import { facilityDecider, facilityStream, type FacilityState } from '../domain/facilities/facility';
import type { FacilityMember } from '../domain/postings';
import { ForbiddenError } from '../domain/shared/errors';
import { CommandBus, type Prefetched, type StreamState } from '../platform/command-bus';
import type { EventMetadata } from '../eventstore';
import { displayName, hasFacilityPermission, type SessionUser } from './session-user';

export const FACILITY_ONLY = 'Only facility accounts can manage job postings.';

/** A facility member with their facility as its stream folds it (and the version it was read at). */
export interface MemberWithFacility {
  member: FacilityMember;
  facility: StreamState<FacilityState>;
}

/**
 * The caller as the deciders see them, read from the streams (the source of truth) rather than
 * from read models, so a suspension or a credit counts at once: the permission flags they hold
 * (admins hold all) and their facility's or applicant's standing.
 */
@Injectable()
export class Actors {
  constructor(private readonly commands: CommandBus) {}

  /** A member acting on job postings; anyone without a facility is refused. */
  async facilityMember(user: SessionUser): Promise<MemberWithFacility> {
    if (!user.membership) throw new ForbiddenError(FACILITY_ONLY);
    const facilityId = user.membership.facility_id;
    const facility = await this.commands.read(facilityStream(facilityId), facilityDecider);
    const member: FacilityMember = {
      user_id: user.id,
      facility_id: facilityId,
      permissions: {
        can_create_jobs: hasFacilityPermission(user.membership, 'can_create_jobs'),
        can_edit_jobs: hasFacilityPermission(user.membership, 'can_edit_jobs'),
        can_publish_jobs: hasFacilityPermission(user.membership, 'can_publish_jobs'),
      },
      facility: { verification_status: facility.state.verification_status, is_active: facility.state.is_active },
    };
    return { member, facility };
  }

  /** The stream bidActor folds for this caller (to read it with the command's other streams), if any. */
  bidActorStream(user: SessionUser): string | null {
    if (user.membership) return facilityStream(user.membership.facility_id);
    if (user.applicant_id) return applicantStream(user.applicant_id);
    return null;
  }

  /**
   * A member who manages their facility's billing (legacy admin, role admin or can_manage_billing):
   * their facility's id. Anyone else is refused, members with `refusal` (it may tell them more).
   */
  billingManager(user: SessionUser, refusal: string = BILLING_MESSAGES.noBillingPermission): { facility_id: string } {
    if (!user.membership) throw new ForbiddenError(BILLING_MESSAGES.noBillingPermission);
    if (!hasFacilityPermission(user.membership, 'can_manage_billing')) throw new ForbiddenError(refusal);
    return { facility_id: user.membership.facility_id };
  }

  /**
   * The owner of an inbox: every signed-in person has one and only ever acts on their own, so
   * the stream is theirs and the metadata names them on their side of the platform.
   */
  inboxOwner(user: SessionUser): { user_id: string; metadata: EventMetadata } {
    const side = user.is_admin ? 'admin' : user.membership ? 'facility' : user.applicant_id ? 'applicant' : 'system';
    return { user_id: user.id, metadata: { actor: { user_id: user.id, side, name: displayName(user) } } };
  }

  /**
   * The caller as a bid actor: a facility member (with the manage-bids flag resolved, admins
   * hold it) or an applicant. Anyone else (a platform admin) is refused with `refusal`.
   */
  async bidActor(user: SessionUser, refusal: string, prefetched?: Prefetched): Promise<BidActor> {
    if (user.membership) {
      const facilityId = user.membership.facility_id;
      const facility = await this.commands.load(facilityStream(facilityId), facilityDecider, prefetched);
      return {
        side: 'facility',
        facility_id: facilityId,
        user_id: user.id,
        can_manage_bids: hasFacilityPermission(user.membership, 'can_manage_bids'),
        facility_active: facility.exists && facility.is_active,
      };
    }
    if (user.applicant_id) {
      const applicant = await this.commands.load(applicantStream(user.applicant_id), applicantDecider, prefetched);
      return {
        side: 'applicant',
        applicant_id: user.applicant_id,
        user_id: user.id,
        verification_status: applicant.verification_status,
        is_active: applicant.exists && applicant.is_active,
        license_expires_at: applicant.license_expires_at,
      };
    }
    throw new ForbiddenError(refusal);
  }
}
