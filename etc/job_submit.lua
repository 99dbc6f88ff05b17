--[[
job_submit.lua example for the numa_balancing SPANK plugin.

kernel.numa_balancing is one value per node. On shared nodes two jobs can
ask for different values; the plugin's conflict= policy decides, and the
job that loses is told on its stderr. Sites that want every request
honoured make such jobs exclusive: this script sets job_desc.shared = 0
(exclusive node access) for any job that passes --numa-balancing.

The option reaches slurmctld in job_desc.spank_job_env as
  _SLURM_SPANK_OPTION_numa_balancing_numa_balancing=<value>
Install as /etc/slurm/job_submit.lua with JobSubmitPlugins=lua.
--]]

local OPTION = "_SLURM_SPANK_OPTION_numa_balancing_numa_balancing"

local function numa_balancing_request(job_desc)
	local env = job_desc.spank_job_env
	if env == nil then
		return nil
	end
	-- Slurm fills this table from index 0: pairs(), not ipairs().
	for _, entry in pairs(env) do
		local value = string.match(entry, "^" .. OPTION .. "=(.*)$")
		if value ~= nil then
			return value
		end
	end
	return nil
end

function slurm_job_submit(job_desc, part_list, submit_uid)
	local value = numa_balancing_request(job_desc)
	if value ~= nil and job_desc.shared ~= 0 then
		job_desc.shared = 0
		slurm.log_user("numa_balancing: --numa-balancing=%s: this job gets its nodes exclusively", value)
	end
	return slurm.SUCCESS
end

function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
	return slurm.SUCCESS
end

return slurm.SUCCESS
