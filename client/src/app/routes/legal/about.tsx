import { About } from '@/features/legal/components/about';

/** /about */
export function AboutRoute() {
  return <About />;
}
