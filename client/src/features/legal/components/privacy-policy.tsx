import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

import { LEGAL } from '../constants';

import { LegalDocument, type LegalSection } from './legal-document';

const sections: LegalSection[] = [
  {
    id: 'scope',
    title: 'Who we are and what this policy covers',
    body: (
      <p>
        Tenens operates a marketplace where healthcare facilities post temporary anesthesia jobs and CRNAs and anesthesiologists bid on
        them. This policy explains what personal information we collect when you use Tenens, how we use and share it, and the choices you
        have. It should be read together with our{' '}
        <Anchor component={Link} to="/terms">
          Terms of Use
        </Anchor>
        .
      </p>
    ),
  },
  {
    id: 'information-we-collect',
    title: 'Information we collect',
    body: (
      <>
        <h3>Information you give us</h3>
        <ul>
          <li>
            <strong>Account details</strong>: your name, email address and password (which we store only in hashed form).
          </li>
          <li>
            <strong>Facility details</strong>: the facility&apos;s name, type, address, phone number, website, NPI and description, and the
            colleagues you invite.
          </li>
          <li>
            <strong>Provider details</strong>: your role (CRNA or anesthesiologist), license number, issuing state and expiry date, NPI,
            LinkedIn profile, when you started practising, whether you carry malpractice insurance, your job search filters and how often
            you want job alerts.
          </li>
          <li>
            <strong>Marketplace activity</strong>: the postings you publish and the bids, counters, acceptances and withdrawals you make. We
            keep a complete history of each negotiation.
          </li>
        </ul>
        <h3>Information collected when you pay</h3>
        <p>
          Card payments are handled by our card payment provider. We receive the status, amount and date of each payment, but not your full
          card number.
        </p>
        <h3>Information collected automatically</h3>
        <p>
          Like most websites, our servers record technical information such as your IP address, browser type and the pages you request, to
          keep the service secure and working. The app stores your sign-in token and a few display preferences (such as the tab you last
          opened) in your browser&apos;s local storage.
        </p>
      </>
    ),
  },
  {
    id: 'how-we-use',
    title: 'How we use your information',
    body: (
      <ul>
        <li>to run the marketplace: show postings to providers and bids to facilities, and record negotiations;</li>
        <li>to verify facilities and providers before they can post or bid;</li>
        <li>to connect a facility and a provider by email when a rate is accepted;</li>
        <li>
          to send you service emails, such as email verification, password resets, updates on your bids and postings, and the job alerts you
          asked for;
        </li>
        <li>to process posting fees and keep billing records;</li>
        <li>to protect members and the platform, prevent fraud and enforce our Terms; and</li>
        <li>to meet legal obligations and improve Tenens.</li>
      </ul>
    ),
  },
  {
    id: 'sharing',
    title: 'How information is shared',
    body: (
      <>
        <p>
          <strong>We do not sell your personal information.</strong> We share it only as follows:
        </p>
        <ul>
          <li>
            <strong>With the other side of a negotiation.</strong> When you bid, the facility sees your name, years of experience, license
            state, whether you provide malpractice insurance and your proposed rate. When a rate is accepted, both parties receive each
            other&apos;s contact details by email.
          </li>
          <li>
            <strong>Within your facility.</strong> Members of a facility account can see that facility&apos;s postings, bids and, depending
            on their permissions, its users and payments.
          </li>
          <li>
            <strong>With service providers</strong> who host the platform, send email and process payments for us, under contracts that
            limit their use of the information.
          </li>
          <li>
            <strong>For legal reasons</strong>, when required by law or to protect the rights and safety of members, the public or Tenens.
          </li>
          <li>
            <strong>In a business transfer</strong>, such as a merger or acquisition, subject to this policy.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: 'retention',
    title: 'How long we keep information',
    body: (
      <p>
        We keep account information for as long as your account is open. Records of negotiations, connections and payments are kept for as
        long as needed for accounting, legal and dispute-resolution purposes, after which they are deleted or anonymised.
      </p>
    ),
  },
  {
    id: 'security',
    title: 'Security',
    body: (
      <p>
        Information travels over encrypted connections, passwords are stored only as hashes, and access to personal information is limited
        to people who need it to run Tenens. No system is perfectly secure, so please use a strong password that you do not use elsewhere.
      </p>
    ),
  },
  {
    id: 'choices',
    title: 'Your choices',
    body: (
      <ul>
        <li>You can review and update your name, email, password and profile details in the app at any time.</li>
        <li>Providers can change how often they receive job alerts (daily or weekly) in their profile.</li>
        <li>
          You can ask us for a copy of your personal information or ask us to close your account and delete it, subject to the records we
          must keep by law.
        </li>
      </ul>
    ),
  },
  {
    id: 'age',
    title: 'Age requirement',
    body: (
      <p>
        Tenens is intended only for people aged {LEGAL.minimumAge} or older. We do not knowingly collect information from anyone under{' '}
        {LEGAL.minimumAge}; if we learn that we have, we delete it.
      </p>
    ),
  },
  {
    id: 'location',
    title: 'Where information is processed',
    body: <p>Tenens serves facilities and providers in the United States, and information is stored and processed in the United States.</p>,
  },
  {
    id: 'changes',
    title: 'Changes to this policy',
    body: (
      <p>
        We may change this policy from time to time. We will update the date at the top of this page and, for material changes, tell members
        by email or in the app before the change takes effect.
      </p>
    ),
  },
];

/** /privacy */
export function PrivacyPolicy() {
  return (
    <LegalDocument
      title="Privacy Policy"
      dateLine={`Last modified ${LEGAL.privacyLastModified}`}
      intro={
        <p>
          Your privacy matters to us. In short: we collect what we need to run a trustworthy marketplace for anesthesia work, we share your
          details with a facility or provider only as part of a negotiation you take part in, and we never sell your personal information.
        </p>
      }
      sections={sections}
    />
  );
}
