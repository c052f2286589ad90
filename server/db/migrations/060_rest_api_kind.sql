-- REST APIs are the item kind 'restApi' (src/permissions/itemKinds.ts); the flow demo seed and the flow
-- lookups once stored and read them as 'restapi', so a flow belonged to a REST API the REST API builder
-- never showed. Such items join their builder's kind, unless one of that kind already has the name.
update items set kind = 'restApi'
 where kind = 'restapi'
   and not exists (
     select 1 from items other
      where other.kind = 'restApi' and other.scope is not distinct from items.scope
        and lower(other.name) = lower(items.name)
   );
update audit_entries set kind = 'restApi' where kind = 'restapi';
