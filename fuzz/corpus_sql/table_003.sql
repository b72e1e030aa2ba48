desc non_exist;
