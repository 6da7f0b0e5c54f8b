import PPShared
