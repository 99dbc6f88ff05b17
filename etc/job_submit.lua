--[[
SPDX-License-Identifier: GPL-2.0-or-later

job_submit.lua for the numa_balancing SPANK plugin.

1. Accounting. It records each job's --numa-balancing request where Slurm
   keeps it outside the node, in the job's admin comment, as
   "numa_balancing=0", "=1" or "=0-tasks". Users cannot change an admin
   comment; `scontrol show job` shows it (AdminComment=) and, with
   slurmdbd, `sacct -o AdminComment`. A value no client sends (the plugin
   refuses it at submission and the node ignores it) is recorded as
   "numa_balancing=invalid". A job that asks for nothing gets no record:
   the node's default (plugstack default=) applies to it.

2. A default per partition (OFF_BY_DEFAULT). A batch job in a listed
   partition that asks for nothing runs as if it had asked for 0-tasks:
   its tasks, the batch script and every srun step, get the local memory
   policy that keeps the balancing scanner away, and no helper changes the
   node. The record says numa_balancing=0-tasks. Slurm lets this script set
   a batch job's environment, where the plugin reads the request for the
   job's tasks, but not what the job prolog reads, so only the per-process
   route can be a partition default, and only for batch jobs: salloc and
   srun allocations keep the node's default. A default of 1, or of the
   node-wide 0, is plugstack's default= on that partition's nodes.

3. EXCLUSIVE = true also makes every job that asks exclusive (whole nodes).

The request reaches slurmctld in job_desc.spank_job_env as
  _SLURM_SPANK_OPTION_numa_balancing_numa_balancing=<value>
for jobs and allocations from sbatch, salloc and srun (steps inside an
allocation are not submissions).

Install as /etc/slurm/job_submit.lua with JobSubmitPlugins=lua in
slurm.conf, on the slurmctld host; slurmctld rereads it when it changes.
Merge the functions into the site's job_submit.lua if it has one.
--]]

-- Partitions whose batch jobs default to 0-tasks, e.g. { cfd = true }.
local OFF_BY_DEFAULT = {}
-- The partition of jobs that name none (slurm.conf Default=YES).
local DEFAULT_PARTITION = nil
local EXCLUSIVE = false

local OPTION = "_SLURM_SPANK_OPTION_numa_balancing_numa_balancing"
local VALID = { ["0"] = true, ["1"] = true, ["0-tasks"] = true }

-- The request in the job's SPANK environment, or nil.
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

-- Every partition the job may run in defaults to off.
local function off_by_default(job_desc)
	local partitions = job_desc.partition or DEFAULT_PARTITION
	if partitions == nil then
		return false
	end
	for name in string.gmatch(partitions, "[^,]+") do
		if not OFF_BY_DEFAULT[name] then
			return false
		end
	end
	return true
end

-- The admin comment with the request appended (any earlier text kept).
local function with_record(comment, value)
	local record = "numa_balancing=" .. (VALID[value] and value or "invalid")
	if comment == nil or comment == "" then
		return record
	end
	return comment .. " " .. record
end

function slurm_job_submit(job_desc, part_list, submit_uid)
	local value = numa_balancing_request(job_desc)
	-- Only batch jobs (they have a script) carry an environment to set.
	if value == nil and job_desc.script ~= nil and off_by_default(job_desc) then
		value = "0-tasks"
		job_desc.environment["SLURM_SPANK_" .. OPTION] = value
	end
	if value == nil then
		return slurm.SUCCESS
	end
	job_desc.admin_comment = with_record(job_desc.admin_comment, value)
	if EXCLUSIVE and job_desc.shared ~= 0 then
		job_desc.shared = 0
		slurm.log_user("numa_balancing: --numa-balancing: this job gets its nodes exclusively")
	end
	return slurm.SUCCESS
end

function slurm_job_modify(job_desc, job_rec, part_list, modify_uid)
	return slurm.SUCCESS
end

return slurm.SUCCESS
