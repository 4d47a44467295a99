import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { loginSchema } from '../../../shared/schemas/auth';
import type { z } from '../../../shared/schemas/zod';
import { safeRedirect } from '../../components/RouteGuards';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { Input } from '../../components/ui/Field';
import { PasswordInput } from '../../components/ui/PasswordInput';
import { toast } from '../../components/ui/toast';
import { ApiError, api } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { refreshMe } from '../../lib/session';
import { AuthCard, linkClasses } from './AuthCard';
import type { RegisteredState } from './RegisterForm';

type LoginValues = z.input<typeof loginSchema>;

export const SIGN_IN_FAILED = 'Bitte überprüfen Sie Ihre Anmeldedaten.';

export function LoginPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'));
  // set by the registration pages: the address that was just registered
  const registered = (useLocation().state as Partial<RegisteredState> | null)?.registered;
  const form = useForm<LoginValues, unknown, z.output<typeof loginSchema>>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: registered ?? '', password: '', rememberMe: false },
  });
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = form;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await api('/api/auth/sign-in/email', { method: 'POST', body: values });
      await refreshMe();
      toast({ title: 'Anmeldung erfolgreich!', description: 'Willkommen zurück!' });
      await navigate(redirectTo, { replace: true });
    } catch (error) {
      if (applyFieldErrors(form, error)) return;
      toast({
        title: 'Anmeldung fehlgeschlagen',
        description: error instanceof ApiError ? error.message : SIGN_IN_FAILED,
        variant: 'destructive',
      });
    }
  });

  const registerLink = params.has('redirect')
    ? `/register?redirect=${encodeURIComponent(redirectTo)}`
    : '/register';
  return (
    <AuthCard
      title="Anmelden"
      description="Melden Sie sich an, um Ihre Immobilien und Abrechnungen zu verwalten."
      footer={
        <>
          Noch kein Konto?{' '}
          <Link to={registerLink} className={linkClasses}>
            Jetzt registrieren
          </Link>
        </>
      }
    >
      {registered && (
        <div
          role="status"
          className="mb-6 flex gap-3 rounded-lg border border-teal-200 bg-teal-50 p-4 text-sm text-teal-950"
        >
          <MailCheck aria-hidden="true" className="size-5 shrink-0 text-teal-700" />
          <p>
            <strong className="font-semibold">Bitte bestätigen Sie Ihre E-Mail-Adresse.</strong> Wir haben
            Ihnen einen Link an {registered} geschickt; er meldet Sie an. Danach können Sie sich hier auch mit
            Ihrem Passwort anmelden.
          </p>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate aria-label="Anmeldung" className="flex flex-col gap-5">
        <Input
          label="E-Mail"
          type="email"
          required
          autoComplete="email"
          error={errors.email?.message}
          {...register('email')}
        />
        <PasswordInput
          label="Passwort"
          required
          autoComplete="current-password"
          error={errors.password?.message}
          {...register('password')}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <Checkbox label="Angemeldet bleiben" {...register('rememberMe')} />
          <Link to="/forgot-password" className={`text-sm ${linkClasses}`}>
            Passwort vergessen?
          </Link>
        </div>
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          Anmelden
        </Button>
      </form>
    </AuthCard>
  );
}
