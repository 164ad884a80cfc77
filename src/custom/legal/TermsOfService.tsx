import LegalPage from './LegalPage';

const SECTIONS = [
  'acceptance',
  'use',
  'intellectualProperty',
  'privacy',
  'warranties',
  'liability',
  'indemnification',
  'governingLaw',
] as const;

export default function TermsOfService() {
  return <LegalPage doc="terms" sections={SECTIONS} />;
}
