import { countAssertions } from '../support/assertionCount'

countAssertions('e2e')
