import { COMPANY_PATHS } from '../../shared/companies/constants';
import type { CompanyCreateProps } from '../../shared/companies/page-props';
import { CompanyFields, FormErrorSummary } from '../features/companies/company-fields';
import { Button } from '../ui/button';
import '../features/companies/employers.css';

/** After an employer's first sign-in: the company their jobs will be posted by. A plain form. */
export default function CompanyCreatePage({ props }: { props: CompanyCreateProps }) {
  return (
    <section className="employer-page" aria-labelledby="create-heading">
      <h1 id="create-heading">Create your company</h1>
      <p className="employer-lead">Job seekers see this on your jobs and on your company page. You can change it later.</p>
      <FormErrorSummary errors={props.errors} />
      <form method="post" action={COMPANY_PATHS.create} className="employer-form" noValidate>
        {props.next ? <input type="hidden" name="next" value={props.next} /> : null}
        <CompanyFields values={props.values} errors={props.errors} />
        <div>
          <Button type="submit">Create company</Button>
        </div>
      </form>
    </section>
  );
}
