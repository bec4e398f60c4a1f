/**
 * What each bid state is called on each side (spec part 1 §4): the badge and the line under it.
 * Shared by every screen that shows a bid's state (the bid cards, the job search's rows), so a
 * state reads the same wherever it shows; the groups and colours follow bidGroup.
 */
import type { BidSide } from './bid-decider';
import type { BidCurrentState } from './bid-states';

export interface StateWords {
  /** The badge. */
  label: string;
  /** One line under it: whose move it is, or how it ended. */
  description: string;
}

const APPLICANT_WORDS: Record<BidCurrentState, StateWords> = {
  applicant_submitted: { label: 'Bid submitted', description: 'Waiting for the facility to respond.' },
  applicant_countered: { label: 'You countered', description: 'Waiting for the facility to respond.' },
  facility_countered: {
    label: 'Facility countered',
    description: 'The facility answered with a counter offer. Accept or reject it.',
  },
  facility_accepted: { label: 'Connection made', description: 'The facility accepted your bid. You are connected by email.' },
  applicant_counter_accepted: {
    label: 'Connection made',
    description: "You accepted the facility's counter offer. You are connected by email.",
  },
  applicant_counter_rejected: { label: 'Counter rejected', description: "You rejected the facility's counter offer." },
  facility_rejected: { label: 'Not selected', description: 'The facility rejected this bid.' },
  applicant_withdrawn: { label: 'Withdrawn', description: 'You withdrew this bid.' },
  position_filled: {
    label: 'Position filled',
    description: 'The facility filled this position with other applicants, so this bid closed. Thank you for applying.',
  },
};

const FACILITY_WORDS: Record<BidCurrentState, StateWords> = {
  applicant_submitted: { label: 'Awaiting your response', description: 'Accept, counter or reject this bid.' },
  applicant_countered: { label: 'Applicant countered', description: 'The applicant answered your counter offer.' },
  facility_countered: { label: 'You countered', description: 'Waiting for the applicant to respond.' },
  facility_accepted: { label: 'Connection made', description: 'You accepted this bid. You are connected by email.' },
  applicant_counter_accepted: {
    label: 'Connection made',
    description: 'The applicant accepted your counter offer. You are connected by email.',
  },
  applicant_counter_rejected: { label: 'Counter rejected', description: 'The applicant rejected your counter offer.' },
  facility_rejected: { label: 'Rejected', description: 'You rejected this bid. You can undo this.' },
  applicant_withdrawn: { label: 'Withdrawn', description: 'The applicant withdrew this bid.' },
  position_filled: { label: 'Position filled', description: 'Closed when the posting was filled.' },
};

/**
 * A platform admin, who is neither party (the admin console, a posting's applicants): the states
 * named neutrally, a connection by how it was made.
 */
const ADMIN_WORDS: Record<BidCurrentState, StateWords> = {
  ...FACILITY_WORDS,
  applicant_submitted: { label: 'Bid submitted', description: 'The facility has yet to accept, counter or reject this bid.' },
  applicant_countered: { label: 'Applicant countered', description: "The applicant answered the facility's counter offer." },
  facility_countered: { label: 'Facility countered', description: 'Waiting for the applicant to respond.' },
  facility_accepted: { label: 'Facility accepted', description: 'The facility accepted this bid. They are connected by email.' },
  applicant_counter_accepted: {
    label: 'Counter accepted',
    description: "The applicant accepted the facility's counter offer. They are connected by email.",
  },
  applicant_counter_rejected: { label: 'Counter rejected', description: "The applicant rejected the facility's counter offer." },
  facility_rejected: { label: 'Facility rejected', description: 'The facility rejected this bid.' },
};

/** Who reads a bid's state: one of its two sides, or a platform admin looking on. */
export type BidReader = BidSide | 'admin';

const WORDS: Record<BidReader, Record<BidCurrentState, StateWords>> = {
  applicant: APPLICANT_WORDS,
  facility: FACILITY_WORDS,
  admin: ADMIN_WORDS,
};

export function stateWords(state: BidCurrentState, reader: BidReader): StateWords {
  return WORDS[reader][state];
}

export const stateLabel = (state: BidCurrentState, reader: BidReader) => stateWords(state, reader).label;

/** Who reads a posting's bids as its facility sees them: its members, or an admin looking on. */
export type FacilityReader = Exclude<BidReader, 'applicant'>;

/** '3 awaiting your response' to the facility's members, '3 awaiting the facility' to an admin. */
export const awaitingResponse = (count: number, reader: FacilityReader) =>
  `${count} awaiting ${reader === 'admin' ? 'the facility' : 'your response'}`;
