import { formatMoney } from '@domain/shared/format';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

import { LEGAL } from '../constants';

import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'agreement',
    title: 'Agreement to these Terms',
    body: (
      <>
        <p>
          These Terms of Use are an agreement between you and Tenens. They apply whenever you visit the Tenens website, create an account,
          post a job, place a bid or otherwise use the platform. By doing any of these things you accept these Terms and our{' '}
          <Anchor component={Link} to="/privacy">
            Privacy Policy
          </Anchor>
          . If you do not agree, please do not use Tenens.
        </p>
        <p>
          If you use Tenens for a facility, you accept these Terms on behalf of that facility and confirm that you are authorised to do so.
        </p>
      </>
    ),
  },
  {
    id: 'eligibility',
    title: 'Who may use Tenens',
    body: (
      <>
        <p>
          You must be at least <strong>{LEGAL.minimumAge} years old</strong> and able to enter into a binding contract to use Tenens. Tenens
          is for two kinds of members:
        </p>
        <ul>
          <li>
            <strong>Facilities</strong>: surgery centers, hospitals, pain management and specialty clinics, and other healthcare facilities
            that need temporary or contract anesthesia coverage; and
          </li>
          <li>
            <strong>Providers</strong>: Certified Registered Nurse Anesthetists (CRNAs) and anesthesiologists who hold a current license to
            practise.
          </li>
        </ul>
        <p>
          The information you give us, including your license, NPI and facility details, must be true, current and complete, and you must
          keep it that way.
        </p>
      </>
    ),
  },
  {
    id: 'platform-only',
    title: 'Tenens is a platform, not an employment agency',
    body: (
      <>
        <p>
          Tenens is only a platform. It lets facilities publish job postings and lets providers bid on them and negotiate an hourly rate.{' '}
          <strong>Tenens is not an employment agency</strong>, staffing firm or employer. We do not employ, place, refer, supervise or pay
          providers, and we are not a party to any agreement between a facility and a provider.
        </p>
        <p>
          Facilities and providers are each responsible for their own decisions: credentialing and privileging, checking licenses and
          insurance, the terms of any engagement, payment for the work, taxes, and compliance with the laws and professional standards that
          apply to them. Our verification of members confirms identity and basic details at the time it is done; it is not an endorsement
          and does not replace your own checks.
        </p>
      </>
    ),
  },
  {
    id: 'no-recruiters',
    title: 'Traditional recruiters are not allowed',
    body: (
      <p>
        <strong>Traditional recruiters are not allowed</strong> on Tenens. Staffing agencies, recruiters and other intermediaries may not
        register, post jobs, place bids or contact members on behalf of anyone else. Each facility account must represent the facility
        itself, and each provider account must belong to the provider personally. We may close any account that we believe is used for
        recruiting.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts and verification',
    body: (
      <>
        <p>
          You are responsible for keeping your password confidential and for everything that happens under your account. Tell us promptly if
          you believe someone else has used it.
        </p>
        <p>
          Facilities are verified before they can publish postings, and providers confirm their identity before they can bid. We may ask for
          additional information, and we may approve, reject, suspend or reactivate an account at our discretion, for example when
          information cannot be confirmed.
        </p>
        <p>
          A facility may invite colleagues to its account and decide what each of them may do. The facility is responsible for the actions
          of the people it invites.
        </p>
      </>
    ),
  },
  {
    id: 'postings-and-bids',
    title: 'Postings, bids and connections',
    body: (
      <>
        <p>
          A facility that publishes a posting is responsible for its accuracy, including the dates, schedule, requirements and the hourly
          rate offered. A posting is visible to providers while it is active and stops taking applications when it expires or is withdrawn.
        </p>
        <p>
          A bid is a provider&apos;s offer to work the posted job at the hourly rate stated. Either side may counter until one accepts the
          other&apos;s rate. A provider may place one bid per posting.
        </p>
        <p>
          When a rate is accepted, Tenens connects the facility and the provider by email. That connection is an introduction: whether and
          on what terms the work goes ahead is agreed between you, outside Tenens.
        </p>
      </>
    ),
  },
  {
    id: 'fees',
    title: 'Fees, payments and posting credits',
    body: (
      <>
        <p>
          Publishing a posting costs a monthly posting fee, or uses one posting credit when the facility has credits available. The
          applicable rate is shown before you confirm. Card payments are processed by our card payment provider; we do not store full card
          numbers.
        </p>
        <ul>
          <li>
            <strong>All prices are in US dollars</strong> and are exclusive of any taxes that may apply.
          </li>
          <li>The posting fee renews monthly while the posting remains active, until it is withdrawn or expires.</li>
          <li>
            <strong>No refunds.</strong> Fees are non-refundable, including for partial months and for postings that are withdrawn, expire
            or receive no bids, except where the law requires otherwise.
          </li>
          <li>
            <strong>Posting credits have no cash value.</strong> They cannot be exchanged for money, transferred, or sold, and they can only
            be used to publish postings on Tenens.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'acceptable-use',
    title: 'Acceptable use',
    body: (
      <>
        <p>When you use Tenens, you agree not to:</p>
        <ul>
          <li>give false or misleading information, or impersonate anyone;</li>
          <li>post jobs that do not exist or that you do not intend to fill;</li>
          <li>discriminate unlawfully, harass other members or send them unsolicited marketing;</li>
          <li>copy, scrape or harvest other members&apos; information;</li>
          <li>interfere with the platform&apos;s security or operation, or access it by automated means; or</li>
          <li>use Tenens for any unlawful purpose.</li>
        </ul>
      </>
    ),
  },
  {
    id: 'content',
    title: 'Your content',
    body: (
      <p>
        You keep ownership of the information and content you submit. You give Tenens permission to host, display and process it to operate
        the platform, for example to show a posting to providers or a bid to the facility. You are responsible for making sure you have the
        right to share what you submit.
      </p>
    ),
  },
  {
    id: 'termination',
    title: 'Suspension and closing accounts',
    body: (
      <p>
        You may stop using Tenens at any time. We may suspend or close an account, or remove a posting or bid, if we reasonably believe
        these Terms have been broken, if information cannot be verified, or to protect members or the platform. Sections that by their
        nature should survive (including fees already due, disclaimers, limitation of liability and dispute resolution) continue to apply.
      </p>
    ),
  },
  {
    id: 'disclaimers',
    title: 'Disclaimers',
    body: (
      <p>
        Tenens is provided &quot;as is&quot; and &quot;as available&quot;. We do not promise that any posting will receive bids, that any
        bid will be accepted, or that the platform will be uninterrupted or error-free. We are not responsible for the conduct of members,
        for the quality or safety of any work, or for the content of postings and bids. Nothing on Tenens is medical, legal or tax advice.
      </p>
    ),
  },
  {
    id: 'liability',
    title: 'Limitation of liability',
    body: (
      <>
        <p>
          To the fullest extent permitted by law, Tenens is not liable for any indirect, incidental, special, consequential or punitive
          damages, or for lost profits, revenue or data.
        </p>
        <p>
          Our total liability for all claims relating to Tenens is limited to{' '}
          <strong>
            the greater of the amounts you paid to Tenens in the {LEGAL.liabilityLookbackMonths} months before the event giving rise to the
            claim, or {formatMoney(LEGAL.liabilityFloorUsd)}
          </strong>
          .
        </p>
      </>
    ),
  },
  {
    id: 'indemnity',
    title: 'Indemnity',
    body: (
      <p>
        You agree to defend and indemnify Tenens against claims, losses and costs (including reasonable legal fees) arising from your use of
        the platform, your postings or bids, any work arranged through a connection, or your breach of these Terms.
      </p>
    ),
  },
  {
    id: 'disputes',
    title: 'Dispute resolution and arbitration',
    body: (
      <>
        <h3>Informal resolution first</h3>
        <p>
          Before starting arbitration, the party with a dispute must send the other a written description of it. Both parties will then try
          in good faith to resolve it informally for <strong>{LEGAL.informalResolutionDays} days</strong>. Only after this{' '}
          {LEGAL.informalResolutionDays}-day informal dispute resolution period may either party begin arbitration.
        </p>
        <h3>Binding arbitration</h3>
        <p>
          Any dispute that is not resolved informally will be settled by binding arbitration before a single arbitrator, on an individual
          basis. Class, collective and representative proceedings are not permitted.
        </p>
        <p>
          <strong>Disputes of {formatMoney(LEGAL.documentsOnlyArbitrationMaxUsd)} or less are decided on documents only</strong>: the
          arbitrator decides on the written submissions of the parties, without an in-person or telephone hearing.
        </p>
        <h3>Your right to opt out</h3>
        <p>
          You may opt out of arbitration by sending us written notice within <strong>{LEGAL.arbitrationOptOutDays} days</strong> after you
          first accept these Terms. Opting out does not affect any other part of these Terms.
        </p>
      </>
    ),
  },
  {
    id: 'claim-limit',
    title: 'Time limit for claims',
    body: (
      <p>
        Any claim relating to Tenens or these Terms must be brought within <strong>{LEGAL.claimLimit}</strong> after it arose. A claim not
        brought within that time is permanently barred.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes to these Terms',
    body: (
      <p>
        We may update these Terms from time to time. When we do, we change the date at the top of this page and, for material changes, let
        members know by email or in the app. Continuing to use Tenens after a change takes effect means you accept the updated Terms.
      </p>
    ),
  },
  {
    id: 'general',
    title: 'General',
    body: (
      <p>
        These Terms, together with the Privacy Policy, are the entire agreement between you and Tenens about the platform. If any part of
        them is found unenforceable, the rest remains in effect. Our not enforcing a provision is not a waiver of it. You may not transfer
        your rights under these Terms without our consent.
      </p>
    ),
  },
];

/** /terms */
export function TermsOfUse() {
  return (
    <LegalDocument
      title="Terms of Use"
      dateLine={`Last updated ${LEGAL.termsLastUpdated}`}
      intro={
        <p>
          Please read these Terms carefully. They explain what Tenens is and is not, what you may expect from us, what we expect from you,
          and how disputes are resolved, including a binding arbitration agreement with a {LEGAL.arbitrationOptOutDays}-day opt-out and a
          time limit of {LEGAL.claimLimit} for bringing claims.
        </p>
      }
      sections={sections}
    />
  );
}
