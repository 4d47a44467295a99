import { Link, useNavigate, useSearchParams } from 'react-router';
import { safeRedirect } from '../../components/RouteGuards';
import { AuthCard, linkClasses } from './AuthCard';
import { announceRegistration, RegisterForm } from './RegisterForm';

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
        onRegistered={async (outcome) => {
          announceRegistration(outcome);
          await navigate(outcome === 'signedIn' ? redirectTo : '/login', { replace: true });
        }}
      />
    </AuthCard>
  );
}
