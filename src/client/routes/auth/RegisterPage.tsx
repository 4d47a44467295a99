import { Link, useNavigate, useSearchParams } from 'react-router';
import { loginPath, safeRedirect } from '../../components/RouteGuards';
import { AuthCard, linkClasses } from './AuthCard';
import { announceRegistration, type RegisteredState, RegisterForm } from './RegisterForm';

export function RegisterPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get('redirect'));
  return (
    <AuthCard
      title="Registrieren"
      description="Legen Sie Ihr Konto an – in weniger als einer Minute."
      footer={
        <>
          Bereits registriert?{' '}
          <Link to="/login" className={linkClasses}>
            Zur Anmeldung
          </Link>
        </>
      }
    >
      <RegisterForm
        confirmedPath={params.has('redirect') ? redirectTo : undefined}
        onRegistered={async ({ email }) => {
          announceRegistration();
          const state: RegisteredState = { registered: email };
          await navigate(params.has('redirect') ? loginPath(redirectTo) : '/login', { replace: true, state });
        }}
      />
    </AuthCard>
  );
}
