import { useMutation, useQuery } from '@tanstack/react-query';
import { ShoppingCart } from 'lucide-react';
import { useLocation, useNavigate } from 'react-router';
import { cheapestPackages } from '../../../shared/catalog';
import { formatCents } from '../../../shared/money';
import { Button } from '../../components/ui/Button';
import { toast } from '../../components/ui/toast';
import { checkoutErrorToast, createCheckout, goToCheckout, packagesQuery } from './api';

/**
 * The credits a settlement lacks, bought in one checkout of the cheapest packages, coming back to
 * this page (6 letters took two checkouts that each ended on the dashboard).
 */
export function BuyMissingCredits({ missing }: { missing: number }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const packages = useQuery(packagesQuery);
  const lines = cheapestPackages(
    (packages.data?.packages ?? []).map((p) => ({ ...p, priceCents: p.price })),
    missing,
  );
  const total = lines.reduce((s, l) => s + l.quantity * l.pkg.priceCents, 0);
  const credits = lines.reduce((s, l) => s + l.quantity * l.pkg.credits, 0);
  const buy = useMutation({
    mutationFn: () => createCheckout({ credits: missing, returnTo: pathname }),
    onSuccess: (url) => goToCheckout(url, navigate),
    onError: (error) => toast({ ...checkoutErrorToast(error), variant: 'destructive' }),
  });
  // no packages (yet), or an installation that sells none
  if (lines.length === 0 || !packages.data?.checkoutAvailable) return null;
  const named = lines.map((l) => `${l.quantity > 1 ? `${l.quantity} × ` : ''}${l.pkg.name}`).join(' + ');
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button size="sm" loading={buy.isPending} onClick={() => buy.mutate()}>
        <ShoppingCart aria-hidden="true" className="size-4" />
        {credits} Credits kaufen ({formatCents(total)})
      </Button>
      <span className="text-slate-700">
        {named}
        {credits > missing ? ` – ${credits - missing} bleiben für später` : ''}
      </span>
    </div>
  );
}
